import type { Redis } from 'ioredis';

/** Counts attempts per key in fixed windows; `attempt` says whether this one is still within the limit. */
export interface RateLimiter {
  attempt(key: string, limit: number, windowMs: number): Promise<boolean>;
}

/** Ended windows are dropped at most this often, so an attempt never walks every window it has seen. */
const SWEEP_INTERVAL_MS = 60_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async attempt(key: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    this.sweep(now);
    const stored = this.windows.get(key);
    const window = stored && stored.endsAt > now ? stored : { count: 0, endsAt: now + windowMs };
    window.count += 1;
    this.windows.set(key, window);
    return window.count <= limit;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + SWEEP_INTERVAL_MS;
    for (const [stored, window] of this.windows) if (window.endsAt <= now) this.windows.delete(stored);
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
