import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ClientRateLimits } from './client-rate-limiter.js';

/** An app whose two routes are limited per client, in memory, answering what each decision was. */
async function limitedApp(perHour: { a: number; b: number }) {
  const app = Fastify();
  const limits = await ClientRateLimits.register(app, undefined);
  const a = limits.perClientPerHour('a', perHour.a);
  const b = limits.perClientPerHour('b', perHour.b);
  app.get('/a', async (request) => a.take(request));
  app.get('/b', async (request) => b.take(request));
  const call = async (path: string, client: string) => (await app.inject({ method: 'GET', url: path, remoteAddress: client })).json();
  return { app, call };
}

describe('ClientRateLimits (in memory)', () => {
  it('allows each client its hourly requests, then refuses with the wait until its window ends', async () => {
    const { app, call } = await limitedApp({ a: 2, b: 5 });
    expect(await call('/a', '203.0.113.1')).toEqual({ allowed: true });
    expect(await call('/a', '203.0.113.1')).toEqual({ allowed: true });
    const refused = await call('/a', '203.0.113.1');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(3_590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3_600);
    // Another client, and another route, count apart.
    expect(await call('/a', '203.0.113.2')).toEqual({ allowed: true });
    expect(await call('/b', '203.0.113.1')).toEqual({ allowed: true });
    await app.close();
  });
});
