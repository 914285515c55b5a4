import { createClient, Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { testLogger } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { HealthRegistry } from '../health.js';
import { startRpcServer } from './rpc-server.js';

/** Health.Check doubles as a slow call under test: its probe takes as long as the test wants. */
function slowHealth(delayMs: number, healthy = true): HealthRegistry {
  const health = new HealthRegistry();
  health.register('slow dependency', () => new Promise((resolve) => setTimeout(() => resolve(healthy), delayMs)));
  return health;
}

const noRoutes = (_router: ConnectRouter) => undefined;

describe('startRpcServer', () => {
  it('answers grpc.health.v1 Check with SERVING or NOT_SERVING from its probes', async () => {
    for (const [healthy, expected] of [
      [true, HealthCheckResponse_ServingStatus.SERVING],
      [false, HealthCheckResponse_ServingStatus.NOT_SERVING],
    ] as const) {
      const server = await startRpcServer({ port: 0, host: '127.0.0.1', routes: noRoutes, health: slowHealth(0, healthy), logger: testLogger(), graceMs: 1_000 });
      const client = createClient(Health, createConnectTransport({ baseUrl: `http://127.0.0.1:${server.port}`, httpVersion: '2' }));
      expect((await client.check({})).status).toBe(expected);
      await server.close();
    }
  });

  it('lets a call in flight finish when closing, then refuses new connections', async () => {
    const server = await startRpcServer({ port: 0, host: '127.0.0.1', routes: noRoutes, health: slowHealth(300), logger: testLogger(), graceMs: 5_000 });
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const client = createClient(Health, createConnectTransport({ baseUrl, httpVersion: '2' }));
    const inFlight = client.check({});
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = server.close();
    expect((await inFlight).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    await closed;
    const late = createClient(Health, createConnectTransport({ baseUrl, httpVersion: '2' }));
    const error = await late.check({}, { timeoutMs: 1_000 }).catch((caught: unknown) => caught);
    expect(ConnectError.from(error).code).toBe(Code.Unavailable);
  });

  it('cuts calls still running when the grace period ends', async () => {
    const server = await startRpcServer({ port: 0, host: '127.0.0.1', routes: noRoutes, health: slowHealth(10_000), logger: testLogger(), graceMs: 200 });
    const client = createClient(Health, createConnectTransport({ baseUrl: `http://127.0.0.1:${server.port}`, httpVersion: '2' }));
    const inFlight = client.check({}).catch((caught: unknown) => caught);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await inFlight).toBeInstanceOf(ConnectError);
  });
});
