import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@swarm/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisSessionStore } from './redis-session-store.js';
import { sessionStoreContract } from './session-store.contract.js';

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

const newStore = (idleTimeoutMs: number) => new RedisSessionStore(redis, { idleTimeoutMs, keyPrefix: `test:${randomUUID()}:session:` });

// Redis expires keys in real time: the test waits.
sessionStoreContract('Redis', async (idleTimeoutMs) => ({
  store: newStore(idleTimeoutMs),
  elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}));

describe('RedisSessionStore', () => {
  it('stores each session as one key expiring after the idle timeout, renewed on use', async () => {
    const prefix = `test:${randomUUID()}:session:`;
    const store = new RedisSessionStore(redis, { idleTimeoutMs: 60_000, keyPrefix: prefix });
    const session = await store.create('member-1');
    const key = `${prefix}${session.sessionId}`;
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
    await redis.pexpire(key, 1_000);
    await store.find(session.sessionId);
    expect(await redis.pttl(key)).toBeGreaterThan(50_000);
    expect(JSON.parse((await redis.get(key)) ?? '{}')).toEqual({ memberId: 'member-1', createdAt: session.createdAt.toISOString() });
  });
});
