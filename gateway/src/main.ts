import { Metrics, createLogger, loadConfigOrExit, runMain, startMetricsServer, startTraceExport } from '@swarm/runtime';
import { createServiceClients, networkTransports } from './clients/service-clients.js';
import { composeGateway } from './compose.js';
import { gatewayConfigShape } from './config.js';

const config = loadConfigOrExit(gatewayConfigShape);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  // Closed last, once the server has answered its last request: the spans still waiting are exported then.
  const traceExport = await startTraceExport(config, 'gateway', logger);
  if (traceExport) lifecycle.onShutdown('trace export', traceExport.close);
  const clients = createServiceClients(
    networkTransports({
      report: config.REPORT_SERVICE_URL,
      member: config.MEMBER_SERVICE_URL,
      'association-billing': config.ASSOCIATION_BILLING_SERVICE_URL,
      notification: config.NOTIFICATION_SERVICE_URL,
      insights: config.INSIGHTS_SERVICE_URL,
    }),
  );
  const metrics = new Metrics();
  const app = await composeGateway(config, { logger, lifecycle, clients, metrics });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Fastify's close stops accepting connections and waits for in-flight requests.
  lifecycle.onShutdown('http server', () => app.close());
  if (config.METRICS_PORT !== undefined) {
    const metricsServer = await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, metrics, logger });
    lifecycle.onShutdown('metrics server', () => metricsServer.close());
  }
});
