import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../mappers/http-errors.js';
import type { SiteIdentity } from './site-identity.js';

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
 * Refuses with 403 the state-changing requests that another site makes a browser send (CSRF) or that reach the
 * product under a name it was not configured with (DNS rebinding, Host-header injection): those marked
 * `Sec-Fetch-Site: cross-site`, those whose Origin is not one of the product's own, and those whose Host is not the
 * configured host. Browsers send Origin on every cross-origin POST, PUT and DELETE; requests with neither header come
 * from outside a browser and carry no browser cookie a site could abuse.
 */
export function protectAgainstCrossSiteRequests(app: FastifyInstance, site: SiteIdentity): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.allowCrossSite) return;
    const refusal = refusalOf(request, site);
    if (refusal) {
      request.log.info({ refusal }, 'state-changing request refused');
      throw new HttpError(403, refusal === 'host' ? 'This server does not answer to that name.' : 'Cross-site requests are not allowed.');
    }
  });
}

function refusalOf(request: FastifyRequest, site: SiteIdentity): 'cross-site' | 'origin' | 'host' | undefined {
  if (request.headers['sec-fetch-site'] === 'cross-site') return 'cross-site';
  if (!site.hosts.has((request.headers.host ?? '').toLowerCase())) return 'host';
  const origin = request.headers.origin;
  if (origin !== undefined && !site.origins.has(origin.toLowerCase())) return 'origin';
  return undefined;
}
