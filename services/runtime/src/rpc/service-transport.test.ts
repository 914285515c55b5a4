import * as http2 from 'node:http2';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { Code, ConnectError, createClient, type ConnectRouter } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { testLogger } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HealthRegistry } from '../health.js';
import { startRpcServer, type RpcServer } from './rpc-server.js';
import { serviceTransport } from './service-transport.js';

const noRoutes = (_router: ConnectRouter) => undefined;

function healthOf(delayMs = 0): HealthRegistry {
  const health = new HealthRegistry();
  health.register('dependency', () => new Promise((resolve) => setTimeout(() => resolve(true), delayMs)));
  return health;
}

/** Resolves with what the promise settled to, or 'no answer' when it did not settle in time. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | ConnectError | 'no answer'> {
  return Promise.race([
    promise.catch((error: unknown) => ConnectError.from(error)),
    new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms)),
  ]);
}

/** Opens a real session that dies right after its 'connect' event, before any promise callback runs. */
const dyingAsItConnects = (authority: string) => {
  const session = http2.connect(authority);
  session.on('connect', () => session.destroy());
  return session;
};

describe('serviceTransport', () => {
  const servers: RpcServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function serve(port = 0, delayMs = 0): Promise<RpcServer> {
    const server = await startRpcServer({ port, host: '127.0.0.1', routes: noRoutes, health: healthOf(delayMs), logger: testLogger(), graceMs: 100 });
    servers.push(server);
    return server;
  }

  it('fails a call as unavailable, and keeps the process running, when the session dies as it connects', async () => {
    const server = await serve();
    const baseUrl = `http://127.0.0.1:${server.port}`;
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(Date.now()), 20);
    try {
      const client = createClient(Health, serviceTransport(baseUrl, { connect: dyingAsItConnects }));
      const answer = await within(client.check({}), 2_000);
      expect(answer).toBeInstanceOf(ConnectError);
      expect((answer as ConnectError).code).toBe(Code.Unavailable);
      // The process keeps running after the failed call: its timers still fire (the call may fail before the first).
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(ticks.length).toBeGreaterThan(0);
    } finally {
      clearInterval(ticker);
    }
  });

  it('answers calls as unavailable while the service is down and reaches it again once it is back on its port', async () => {
    const first = await serve();
    const port = first.port;
    const client = createClient(Health, serviceTransport(`http://127.0.0.1:${port}`));
    expect((await client.check({})).status).toBe(HealthCheckResponse_ServingStatus.SERVING);

    await first.close();
    servers.splice(servers.indexOf(first), 1);
    const whileDown = await within(client.check({}), 2_000);
    expect((whileDown as ConnectError).code).toBe(Code.Unavailable);

    await serve(port);
    expect((await client.check({})).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
  });

  it('fails the calls in flight on a connection whose peer stopped answering, once a PING goes unanswered', async () => {
    const server = await serve(0, 10_000);
    const proxy = await freezableProxy(server.port);
    try {
      const client = createClient(Health, serviceTransport(`http://127.0.0.1:${proxy.port}`, { pingIntervalMs: 100 }));
      const call = within(client.check({}), 5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      proxy.freeze();
      const answer = await call;
      expect(answer).toBeInstanceOf(ConnectError);
      expect((answer as ConnectError).code).toBe(Code.Unavailable);
    } finally {
      await proxy.close();
    }
  });
});

/** A TCP proxy that can stop forwarding in both directions, as a peer that hangs or a network that drops packets. */
async function freezableProxy(targetPort: number): Promise<{ port: number; freeze: () => void; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  let frozen = false;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    sockets.push(client, upstream);
    upstream.connect(targetPort, '127.0.0.1');
    client.on('data', (chunk) => frozen || upstream.write(chunk));
    upstream.on('data', (chunk) => frozen || client.write(chunk));
    for (const socket of [client, upstream]) socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
