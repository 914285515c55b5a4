import { describe, expect, it } from 'vitest';
import { ClientRateLimiter } from './client-rate-limiter.js';

describe('ClientRateLimiter', () => {
  it('allows a burst up to the hourly capacity, then refuses with the wait until the next token', () => {
    const limiter = new ClientRateLimiter(3, () => 0);
    expect([1, 2, 3].map(() => limiter.take('203.0.113.1').allowed)).toEqual([true, true, true]);
    expect(limiter.take('203.0.113.1')).toEqual({ allowed: false, retryAfterSeconds: 1200 });
  });

  it('gives each client its own bucket', () => {
    const limiter = new ClientRateLimiter(1, () => 0);
    expect(limiter.take('203.0.113.1').allowed).toBe(true);
    expect(limiter.take('203.0.113.2').allowed).toBe(true);
    expect(limiter.take('203.0.113.1').allowed).toBe(false);
  });

  it('refills one token per hour / capacity', () => {
    let now = 0;
    const limiter = new ClientRateLimiter(2, () => now);
    limiter.take('a');
    limiter.take('a');
    now = 29 * 60 * 1000;
    expect(limiter.take('a').allowed).toBe(false);
    now = 30 * 60 * 1000;
    expect(limiter.take('a').allowed).toBe(true);
  });

  it('never holds more than the capacity after a long idle time', () => {
    let now = 0;
    const limiter = new ClientRateLimiter(2, () => now);
    now = 10 * 60 * 60 * 1000;
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, false]);
  });
});
