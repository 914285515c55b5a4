import type { Redis } from 'ioredis';

/** Counts attempts per key in fixed windows; `attempt` says whether this one is still within the limit. */
export interface RateLimiter {
  attempt(key: string, limit: number, windowMs: number): Promise<boolean>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async attempt(key: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    for (const [stored, window] of this.windows) if (window.endsAt <= now) this.windows.delete(stored);
    const window = this.windows.get(key) ?? { count: 0, endsAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return window.count <= limit;
  }
}

/** Shared by every gateway process: INCR and the window's expiry in one transaction. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix = 'swarm:rate:',
  ) {}

  async attempt(key: string, limit: number, windowMs: number): Promise<boolean> {
    const redisKey = `${this.keyPrefix}${key}`;
    const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs, 'NX').exec();
    const count = results?.[0]?.[1];
    if (typeof count !== 'number') throw new Error('rate limit count missing from Redis reply');
    return count <= limit;
  }
}
