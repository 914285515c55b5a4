import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatServerDate } from './format-server-date';

describe('formatServerDate (spec §3)', () => {
  beforeAll(() => {
    // Node reads TZ again when it changes: the phone of a beekeeper in Oregon.
    vi.stubEnv('TZ', 'America/Los_Angeles');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it("shows a UTC instant as YYYY-MM-DD h:mm A in the phone's time zone", () => {
    expect(formatServerDate('2026-06-01T21:05:09.123Z')).toBe('2026-06-01 2:05 PM');
    expect(formatServerDate('2026-06-02T02:30:00Z')).toBe('2026-06-01 7:30 PM');
    expect(formatServerDate('2026-01-15T17:00:00.000Z')).toBe('2026-01-15 9:00 AM');
  });

  it('shows midnight and noon as 12', () => {
    expect(formatServerDate('2026-12-31T08:07:00.000Z')).toBe('2026-12-31 12:07 AM');
    expect(formatServerDate('2026-12-31T20:00:00.000Z')).toBe('2026-12-31 12:00 PM');
  });

  it('turns empty, null and unreadable values into an empty string', () => {
    expect(formatServerDate('')).toBe('');
    expect(formatServerDate(null)).toBe('');
    expect(formatServerDate(undefined)).toBe('');
    expect(formatServerDate('not a date')).toBe('');
  });
});
