import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@swarm/testing';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { rateLimiterContract } from './rate-limiter.contract.js';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limiter.js';

rateLimiterContract('in-memory', async () => {
  let now = 0;
  return {
    limiter: new MemoryRateLimiter(() => now),
    elapse: async (ms) => {
      now += ms;
    },
  };
});

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

rateLimiterContract('Redis', async () => ({
  limiter: new RedisRateLimiter(redis, `test:${randomUUID()}:rate:`),
  elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}));
