import { createServer, type Http2Session } from 'node:http2';
import type { ConnectRouter, Interceptor } from '@connectrpc/connect';
import { connectNodeAdapter } from '@connectrpc/connect-node';
import type { HealthRegistry } from '../health.js';
import type { Logger } from '../logger.js';
import { traceContextServerInterceptor } from '../tracing/rpc-trace.js';
import { registerHealthService } from './health-service.js';
import { listenOn } from '../listen.js';

export type RpcServer = { port: number; close: () => Promise<void> };

/**
 * Serves Connect (and gRPC, gRPC-Web) over HTTP/2 cleartext, plus grpc.health.v1 so orchestrators can probe it.
 * Closing stops new streams at once and lets in-flight calls finish for up to `graceMs`.
 */
export async function startRpcServer(options: {
  port: number;
  host?: string;
  routes: (router: ConnectRouter) => void;
  health: HealthRegistry;
  logger: Logger;
  graceMs: number;
  /** Server interceptors around every call (metrics), inside the one that continues the caller's trace. */
  interceptors?: Interceptor[];
}): Promise<RpcServer> {
  const handler = connectNodeAdapter({
    interceptors: [traceContextServerInterceptor, ...(options.interceptors ?? [])],
    routes: (router) => {
      options.routes(router);
      registerHealthService(router, options.health);
    },
  });
  const server = createServer(handler);
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  const port = await listenOn(server, options.port, options.host);
  options.logger.info({ port }, 'rpc server listening');

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        const forceTimer = setTimeout(() => {
          for (const session of sessions) session.destroy();
        }, options.graceMs);
        forceTimer.unref();
        server.close(() => {
          clearTimeout(forceTimer);
          resolve();
        });
        // A graceful session close sends GOAWAY: running streams complete, new ones are refused.
        for (const session of sessions) session.close();
      }),
  };
}
