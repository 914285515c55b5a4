import type { ConnectRouter, Transport } from '@connectrpc/connect';
import { serviceTransport } from '../rpc/service-transport.js';
import type { z } from 'zod';
import type { PartWiring } from '../composition.js';
import { loadConfigOrExit, type serviceEnvShape } from '../config.js';
import { eventBusFromConfig } from '../events/nats/event-bus-from-config.js';
import { HealthRegistry } from '../health.js';
import { runMain } from '../lifecycle.js';
import { createLogger } from '../logger.js';
import { Metrics } from '../metrics/metrics.js';
import { startMetricsServer } from '../metrics/metrics-server.js';
import { rpcMetricsInterceptor } from '../metrics/rpc-metrics.js';
import { startRpcServer } from '../rpc/rpc-server.js';
import { startTraceExport } from '../tracing/trace-export.js';

type ServiceEnv = z.infer<z.ZodObject<typeof serviceEnvShape>> & { PORT: number };

/**
 * A service as its own process: reads and validates its configuration, connects the event bus it names, lets the
 * service's composition choose and wire every other adapter, and serves its routes over Connect until SIGTERM.
 */
export async function runServiceProcess<Shape extends z.ZodRawShape>(options: {
  service: string;
  configShape: Shape;
  compose: (config: z.infer<z.ZodObject<Shape>>, wiring: PartWiring) => Promise<{ routes: (router: ConnectRouter) => void }>;
}): Promise<void> {
  const config = loadConfigOrExit(options.configShape);
  const settings = config as unknown as ServiceEnv;
  const logger = createLogger({ service: options.service, level: settings.LOG_LEVEL });
  await runMain(logger, async (lifecycle) => {
    // Closed last, once everything that records spans has stopped: the spans still waiting are exported then.
    const traceExport = await startTraceExport(settings, options.service, logger);
    if (traceExport) lifecycle.onShutdown('trace export', traceExport.close);
    const health = new HealthRegistry();
    const bus = await eventBusFromConfig(settings, options.service, logger);
    lifecycle.onShutdown('event bus', () => bus.close());
    // Optional: the outbox keeps events while NATS is away, so the service keeps serving (see HealthRegistry).
    health.register('event bus', () => bus.isHealthy(), { required: false });
    const metrics = new Metrics();
    const part = await options.compose(config, { logger, lifecycle, health, bus, metrics });
    const server = await startRpcServer({
      port: settings.PORT,
      routes: part.routes,
      health,
      logger,
      graceMs: settings.SHUTDOWN_GRACE_MS,
      interceptors: [rpcMetricsInterceptor(metrics)],
    });
    lifecycle.onShutdown('rpc server', () => server.close());
    if (settings.METRICS_PORT !== undefined) {
      const metricsServer = await startMetricsServer({ port: settings.METRICS_PORT, metrics, logger });
      lifecycle.onShutdown('metrics server', () => metricsServer.close());
    }
  });
}

/** Connect over HTTP/2 cleartext to another service's process, through the runtime's own connection manager. */
export function networkTransport(baseUrl: string): Transport {
  return serviceTransport(baseUrl);
}
