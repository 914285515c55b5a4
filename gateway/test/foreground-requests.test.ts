import { createRouterTransport } from '@connectrpc/connect';
import { ForegroundRequests } from '@swarm/runtime';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGateway } from '../src/app.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';

describe('the requests in flight, for the embedded product’s alert jobs to let go first', () => {
  let app: FastifyInstance;
  let url: string;
  const foreground = new ForegroundRequests();
  const busyDuringRequest: boolean[] = [];

  beforeAll(async () => {
    const none = createRouterTransport(() => undefined);
    const { site, port } = await testSite();
    app = await buildGateway({
      clients: createServiceClients({ report: none, member: none, 'association-billing': none, notification: none, insights: none }),
      adapters: testAdapters(),
      settings: { staticDir: '/nonexistent', site, reportImageMaxBytes: 1024, secureCookies: false },
      logger: pino({ level: 'silent' }),
      foreground,
    });
    app.get('/test/busy', async () => {
      busyDuringRequest.push(foreground.busy());
      return { ok: true };
    });
    app.get('/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      return { ok: true };
    });
    url = await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // The client of the abandoned request keeps its connection open: closed here, so the server can stop.
    app.server.closeAllConnections();
    await app.close();
  });

  it('counts a request while it is answered, and no longer once it is answered or refused', async () => {
    expect((await fetch(`${url}/test/busy`)).status).toBe(200);
    expect(busyDuringRequest).toEqual([true]);
    await vi.waitFor(() => expect(foreground.busy()).toBe(false));
    expect((await fetch(`${url}/api/no-such-route`)).status).toBe(404);
    await vi.waitFor(() => expect(foreground.busy()).toBe(false));
  });

  it('no longer counts a request whose client went away before the answer', async () => {
    const leaving = new AbortController();
    const request = fetch(`${url}/test/slow`, { signal: leaving.signal }).catch(() => undefined);
    await vi.waitFor(() => expect(foreground.busy()).toBe(true));
    leaving.abort();
    await request;
    await vi.waitFor(() => expect(foreground.busy()).toBe(false), { timeout: 800 });
  });
});
