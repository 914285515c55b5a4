import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@swarm/testing';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimits, type RateLimitStore } from './rate-limits.js';

/** An app whose two routes are limited per client, in memory, answering what each decision was. */
async function limitedApp(perHour: { a: number; b: number }) {
  const app = Fastify();
  const limits = await RateLimits.register(app, undefined);
  const a = limits.perClientPerHour('a', perHour.a);
  const b = limits.perClientPerHour('b', perHour.b);
  app.get('/a', async (request) => a.take(request));
  app.get('/b', async (request) => b.take(request));
  const call = async (path: string, client: string) => (await app.inject({ method: 'GET', url: path, remoteAddress: client })).json();
  return { app, call };
}

describe('RateLimits per client (in memory)', () => {
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

/** An app counting attempts per key (`?key=`) under one limit; each answer says whether the attempt was allowed. */
async function keyedApp(store: RateLimitStore | undefined, limit: { max: number; windowMs: number }) {
  const app = Fastify();
  const limits = await RateLimits.register(app, store);
  const attempts = limits.perKey('attempt', limit.max, limit.windowMs);
  app.get('/attempt', async (request) => (await attempts.take(request, (request.query as { key: string }).key)).allowed);
  const attempt = async (key: string) => {
    const response = await app.inject({ method: 'GET', url: `/attempt?key=${key}` });
    return response.statusCode === 200 ? (response.json() as boolean) : response.statusCode;
  };
  return { app, attempt };
}

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

for (const [name, store] of [
  ['in memory', () => undefined],
  ['in Redis', () => ({ redis, keyPrefix: `test:${randomUUID()}:rate:` })],
] as const) {
  describe(`RateLimits per key (${name})`, () => {
    it('allows attempts up to the limit in a window and refuses the next, counting keys apart', async () => {
      const { app, attempt } = await keyedApp(store(), { max: 3, windowMs: 60_000 });
      const [first, second] = [randomUUID(), randomUUID()];
      const outcomes = [];
      for (let index = 0; index < 4; index += 1) outcomes.push(await attempt(first));
      expect(outcomes).toEqual([true, true, true, false]);
      expect(await attempt(second)).toBe(true);
      await app.close();
    });

    it('allows attempts again once the window is over', async () => {
      const { app, attempt } = await keyedApp(store(), { max: 1, windowMs: 300 });
      const key = randomUUID();
      expect(await attempt(key)).toBe(true);
      expect(await attempt(key)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 450));
      expect(await attempt(key)).toBe(true);
      await app.close();
    });

    it('counts concurrent attempts exactly', async () => {
      const { app, attempt } = await keyedApp(store(), { max: 4, windowMs: 60_000 });
      const key = randomUUID();
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => attempt(key)));
      expect(outcomes.filter((outcome) => outcome === true)).toHaveLength(4);
      await app.close();
    });
  });
}

describe('RateLimits when Redis cannot be reached', () => {
  it('lets per-client requests through and fails keyed attempts rather than leaving them uncounted', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const app = Fastify();
    const limits = await RateLimits.register(app, { redis: unreachable, keyPrefix: 'test:unreachable:' });
    const perClient = limits.perClientPerHour('client', 1);
    const perKey = limits.perKey('key', 1, 60_000);
    app.get('/client', async (request) => perClient.take(request));
    app.get('/key', async (request) => perKey.take(request, 'someone'));
    expect((await app.inject({ method: 'GET', url: '/client' })).json()).toEqual({ allowed: true });
    expect((await app.inject({ method: 'GET', url: '/client' })).json()).toEqual({ allowed: true });
    expect((await app.inject({ method: 'GET', url: '/key' })).statusCode).toBe(500);
    await app.close();
    unreachable.disconnect();
  });
});
