import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from './rate-limiter.js';

/** What every RateLimiter adapter must do; `elapse` lets time pass for the limiter. */
export function rateLimiterContract(name: string, create: () => Promise<{ limiter: RateLimiter; elapse(ms: number): Promise<void> }>): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it('allows attempts up to the limit in a window and refuses the next', async () => {
      const { limiter } = await create();
      const key = randomUUID();
      const outcomes = [];
      for (let attempt = 0; attempt < 4; attempt += 1) outcomes.push(await limiter.attempt(key, 3, 60_000));
      expect(outcomes).toEqual([true, true, true, false]);
    });

    it('counts keys apart', async () => {
      const { limiter } = await create();
      const [first, second] = [randomUUID(), randomUUID()];
      expect(await limiter.attempt(first, 1, 60_000)).toBe(true);
      expect(await limiter.attempt(first, 1, 60_000)).toBe(false);
      expect(await limiter.attempt(second, 1, 60_000)).toBe(true);
    });

    it('allows attempts again once the window is over', async () => {
      const { limiter, elapse } = await create();
      const key = randomUUID();
      expect(await limiter.attempt(key, 1, 300)).toBe(true);
      expect(await limiter.attempt(key, 1, 300)).toBe(false);
      await elapse(450);
      expect(await limiter.attempt(key, 1, 300)).toBe(true);
    });

    it('counts concurrent attempts exactly', async () => {
      const { limiter } = await create();
      const key = randomUUID();
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => limiter.attempt(key, 4, 60_000)));
      expect(outcomes.filter(Boolean)).toHaveLength(4);
    });
  });
}
