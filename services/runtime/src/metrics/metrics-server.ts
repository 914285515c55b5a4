import { createServer } from 'node:http';
import type { Logger } from '../logger.js';
import type { Metrics } from './metrics.js';
import { listenOn } from '../listen.js';

export type MetricsServer = { port: number; close: () => Promise<void> };

/**
 * `GET /metrics` in the Prometheus text format on a port of its own (METRICS_PORT), apart from the public and RPC
 * ports, so the scrape endpoint is reachable by the cluster's Prometheus and never through the public ingress.
 */
export async function startMetricsServer(options: { port: number; host?: string; metrics: Metrics; logger: Logger }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    options.metrics.scrape().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        options.logger.warn({ err: error }, 'metrics scrape failed');
        response.writeHead(503, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  const port = await listenOn(server, options.port, options.host);
  options.logger.info({ port }, 'metrics listening on /metrics');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
