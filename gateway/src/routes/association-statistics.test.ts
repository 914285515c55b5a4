import { describe, expect, it } from 'vitest';
import { HttpError } from '../mappers/http-errors.js';
import { weekStartOf } from '@swarm/proto/views/association-statistics';
import { statisticsPeriod, STATISTICS_MESSAGES } from './association-statistics.js';

// Wednesday 2026-06-03, mid-morning UTC.
const NOW = new Date('2026-06-03T10:30:00.000Z');
const iso = ({ since, until }: { since: Date; until: Date }) => ({ since: since.toISOString(), until: until.toISOString() });

describe('statistics period', () => {
  it('starts weeks on Monday 00:00 UTC, a Monday and a Sunday night included', () => {
    expect(weekStartOf(NOW).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-06-01T00:00:00.000Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-06-07T23:59:59.999Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('defaults to this week and the 11 before it, up to now', () => {
    expect(iso(statisticsPeriod({}, NOW))).toEqual({ since: '2026-03-16T00:00:00.000Z', until: '2026-06-03T10:30:00.000Z' });
  });

  it('reads until as the whole of that day, and counts the 12 weeks back from it when since is not given', () => {
    expect(iso(statisticsPeriod({ until: '2026-05-31' }, NOW))).toEqual({ since: '2026-03-09T00:00:00.000Z', until: '2026-06-01T00:00:00.000Z' });
  });

  it('runs from since up to now when until is not given', () => {
    expect(iso(statisticsPeriod({ since: '2026-01-01' }, NOW))).toEqual({ since: '2026-01-01T00:00:00.000Z', until: '2026-06-03T10:30:00.000Z' });
  });

  it('refuses since after until, and a period longer than two years', () => {
    const refusal = (query: { since?: string; until?: string }) => {
      try {
        statisticsPeriod(query, NOW);
      } catch (error) {
        return error instanceof HttpError ? [error.status, error.message] : error;
      }
      return 'accepted';
    };
    expect(refusal({ since: '2026-06-04' })).toEqual([400, STATISTICS_MESSAGES.sinceAfterUntil]);
    expect(refusal({ since: '2026-05-02', until: '2026-05-01' })).toEqual([400, STATISTICS_MESSAGES.sinceAfterUntil]);
    expect(refusal({ since: '2024-06-01', until: '2026-05-31' })).toBe('accepted');
    expect(refusal({ since: '2024-06-01', until: '2026-06-01' })).toEqual([400, STATISTICS_MESSAGES.periodTooLong]);
  });
});
