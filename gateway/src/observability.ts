import type { Metrics } from '@swarm/runtime';
import type { FastifyInstance } from 'fastify';

/**
 * Counts and times every answered request by its route pattern (`/api/report/:id`, not the URL, so the series stay
 * few); requests no route matched count under "unmatched" (the site's pages and assets, probes, 404s).
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics | undefined): void {
  if (!metrics) return;
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeHttp({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1_000,
    });
  });
}
