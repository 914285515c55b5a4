import { describe, expect, it } from 'vitest';
import { RecentlyVerified } from './recently-verified.js';

describe('RecentlyVerified', () => {
  it('knows a submission by the same idempotency id and token, and no other', () => {
    const verified = new RecentlyVerified(60_000, () => 0);
    verified.remember('idem-1', 'token-a');
    expect(verified.has('idem-1', 'token-a')).toBe(true);
    expect(verified.has('idem-1', 'token-b')).toBe(false);
    expect(verified.has('idem-2', 'token-a')).toBe(false);
  });

  it('forgets a submission once its time is up', () => {
    let now = 0;
    const verified = new RecentlyVerified(60_000, () => now);
    verified.remember('idem-1', 'token-a');
    now = 60_000;
    expect(verified.has('idem-1', 'token-a')).toBe(true);
    now = 60_001;
    expect(verified.has('idem-1', 'token-a')).toBe(false);
  });
});
