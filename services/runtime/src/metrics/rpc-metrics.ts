import type { Interceptor } from '@connectrpc/connect';
import type { Metrics } from './metrics.js';

/** A Connect server interceptor counting and timing every call it serves, by service, method and status code. */
export function rpcMetricsInterceptor(metrics: Metrics): Interceptor {
  return (next) => async (request) => {
    const started = process.hrtime.bigint();
    const call = { service: request.service.typeName, method: request.method.name };
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const response = await next(request);
      metrics.observeRpc({ ...call, seconds: seconds() });
      return response;
    } catch (error) {
      metrics.observeRpc({ ...call, error, seconds: seconds() });
      throw error;
    }
  };
}
