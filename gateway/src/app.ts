import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Logger } from '@swarm/runtime';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServiceClients } from './clients/service-clients.js';
import type { GatewaySettings } from './config.js';
import { HttpError, replyWithError } from './mappers/http-errors.js';
import { healthRoutes } from './routes/health.js';
import { reportRoutes } from './routes/report.js';

/** The BFF: the REST calls of spec §7 under /api, mapped onto the services, and the built SPA for everything else. */
export async function buildGateway(options: { clients: ServiceClients; settings: GatewaySettings; logger: Logger }): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });
  await app.register(fastifyMultipart);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  healthRoutes(app, options.clients);
  reportRoutes(app, options.clients, { reportImageMaxBytes: options.settings.reportImageMaxBytes });

  const indexHtml = join(options.settings.staticDir, 'index.html');
  const hasFrontend = existsSync(indexHtml);
  if (hasFrontend) {
    await app.register(fastifyStatic, {
      root: options.settings.staticDir,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      // Vite names built assets by content hash, so they never change; index.html must always be fresh.
      setHeaders: (response, path) => {
        response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    options.logger.warn({ staticDir: options.settings.staticDir }, 'no built frontend found; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return replyWithError(reply, new HttpError(404, 'Not found.'));
    }
    // Client-side routes (/report, /member/…) all load the SPA, which picks the page.
    if (hasFrontend && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return replyWithError(reply, new HttpError(404, 'Not found.'));
  });
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return replyWithError(reply, new HttpError(status, (error as Error).message));
    return replyWithError(reply, error);
  });
  return app;
}
