import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@swarm/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryVerifiedSubmissions, RedisVerifiedSubmissions, type VerifiedSubmissions } from './recently-verified.js';

function verifiedSubmissionsContract(name: string, create: () => VerifiedSubmissions) {
  describe(`VerifiedSubmissions contract: ${name}`, () => {
    it('knows a submission by the same idempotency id and token, and no other', async () => {
      const verified = create();
      await verified.remember('idem-1', 'token-a');
      expect(await verified.has('idem-1', 'token-a')).toBe(true);
      expect(await verified.has('idem-1', 'token-b')).toBe(false);
      expect(await verified.has('idem-2', 'token-a')).toBe(false);
    });
  });
}

verifiedSubmissionsContract('memory', () => new MemoryVerifiedSubmissions());

describe('MemoryVerifiedSubmissions', () => {
  it('forgets a submission once its time is up', async () => {
    let now = 0;
    const verified = new MemoryVerifiedSubmissions(60_000, () => now);
    await verified.remember('idem-1', 'token-a');
    now = 60_000;
    expect(await verified.has('idem-1', 'token-a')).toBe(true);
    now = 60_001;
    expect(await verified.has('idem-1', 'token-a')).toBe(false);
  });
});

describe('RedisVerifiedSubmissions', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(testRedisUrl(), { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  verifiedSubmissionsContract('Redis', () => new RedisVerifiedSubmissions(redis, `test-${randomUUID()}:verified:`));

  it('is seen by another gateway replica sharing the Redis', async () => {
    const prefix = `test-${randomUUID()}:verified:`;
    await new RedisVerifiedSubmissions(redis, prefix).remember('idem-1', 'token-a');
    expect(await new RedisVerifiedSubmissions(redis, prefix).has('idem-1', 'token-a')).toBe(true);
  });

  it('keeps no usable token, and forgets a submission once its time is up', async () => {
    const prefix = `test-${randomUUID()}:verified:`;
    await new RedisVerifiedSubmissions(redis, prefix, 50).remember('idem-1', 'token-a');
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain('token-a');
    const ttl = await redis.pttl(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(50);
  });

  it('lets reports through while Redis is away: nothing is remembered, so a retry is bot-checked again', async () => {
    const away = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    away.on('error', () => undefined);
    const verified = new RedisVerifiedSubmissions(away, 'test:verified:');
    await expect(verified.remember('idem-1', 'token-a')).resolves.toBeUndefined();
    await expect(verified.has('idem-1', 'token-a')).resolves.toBe(false);
    away.disconnect();
  });
});
