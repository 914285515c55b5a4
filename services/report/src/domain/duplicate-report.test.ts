import { describe, expect, it } from 'vitest';
import { aReport } from '../adapters/report-repository.contract.js';
import { addressKey, DUPLICATE_WINDOW_MS, duplicateWindowStart, recentDuplicateOf } from './duplicate-report.js';

const now = new Date('2026-06-10T12:00:00.000Z');
const address = '12 Oak St., Portland, OR, USA';

describe('duplicate reports', () => {
  it('uses a window of 3 days', () => {
    expect(DUPLICATE_WINDOW_MS).toBe(259_200_000);
    expect(duplicateWindowStart(now)).toEqual(new Date('2026-06-07T12:00:00.000Z'));
  });

  it('gives the same key to an address written with other case, spacing and punctuation', () => {
    expect(addressKey(' 12  oak st, PORTLAND, or, usa ')).toBe(addressKey(address));
    expect(addressKey('13 Oak St, Portland, OR, USA')).not.toBe(addressKey(address));
  });

  it('finds a live report at the address made within 3 days', () => {
    const earlier = aReport({ address, createdAt: new Date('2026-06-07T12:00:00.000Z') });
    expect(recentDuplicateOf('12 oak st portland or usa', [earlier], now)).toBe(earlier);
  });

  it('ignores a report older than 3 days', () => {
    expect(recentDuplicateOf(address, [aReport({ address, createdAt: new Date('2026-06-07T11:59:59.999Z') })], now)).toBeUndefined();
  });

  it('ignores a report marked bad, expired or departed, and counts a claimed one', () => {
    const createdAt = new Date('2026-06-10T10:00:00.000Z');
    for (const state of ['bad', 'expired', 'departed'] as const) expect(recentDuplicateOf(address, [aReport({ address, createdAt, state })], now)).toBeUndefined();
    expect(recentDuplicateOf(address, [aReport({ address, createdAt, state: 'claimed' })], now)).toBeDefined();
  });

  it('ignores a report at another address', () => {
    expect(recentDuplicateOf(address, [aReport({ address: '14 Oak St, Portland, OR, USA', createdAt: now })], now)).toBeUndefined();
  });

  it('points at the newest of several recent reports', () => {
    const older = aReport({ address, createdAt: new Date('2026-06-09T00:00:00.000Z') });
    const newer = aReport({ address, createdAt: new Date('2026-06-10T00:00:00.000Z') });
    expect(recentDuplicateOf(address, [older, newer], now)).toBe(newer);
  });
});
