import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, replyWithError } from '../mappers/http-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on a route that must accept state-changing calls from other sites because it authenticates them by other
     * means (the signed Twilio webhook). Every other mutating route refuses cross-site requests.
     */
    allowCrossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests another site makes the browser send (CSRF), with 403: those marked
 * `Sec-Fetch-Site: cross-site` and those whose Origin is not the product's own. Browsers send Origin on every
 * cross-origin POST, PUT and DELETE; requests with neither header come from outside a browser and carry no
 * browser cookie a site could abuse.
 */
export function protectAgainstCrossSiteRequests(app: FastifyInstance, settings: { publicOrigin: string | undefined }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.allowCrossSite) return;
    if (isCrossSite(request, settings.publicOrigin)) {
      await replyWithError(reply, new HttpError(403, 'Cross-site requests are not allowed.'));
    }
  });
}

function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // Without a configured public URL (tests), the request's own host is the product's origin.
  const expected = publicOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
  return origin !== expected;
}
