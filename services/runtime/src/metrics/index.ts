export { Metrics, type QueueDepth } from './metrics.js';
export { startMetricsServer, type MetricsServer } from './metrics-server.js';
export { rpcMetricsInterceptor } from './rpc-metrics.js';
