import { describe, expect, it } from 'vitest';
import { weekStartOf } from '@swarm/proto/views/association-statistics';
import { statisticsBounds } from './association-statistics.js';

// Wednesday 2026-06-03, mid-morning UTC.
const NOW = new Date('2026-06-03T10:30:00.000Z');

describe('statistics period', () => {
  it('starts weeks on Monday 00:00 UTC, a Monday and a Sunday night included', () => {
    expect(weekStartOf(NOW).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-06-01T00:00:00.000Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(weekStartOf(new Date('2026-06-07T23:59:59.999Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('reads since from the start of its day and until through the end of its day', () => {
    const { since, until } = statisticsBounds({ since: '2026-03-02', until: '2026-03-08' });
    expect([since?.toISOString(), until?.toISOString()]).toEqual(['2026-03-02T00:00:00.000Z', '2026-03-09T00:00:00.000Z']);
  });

  it('leaves an absent day absent, for the notification service to fill in', () => {
    expect(statisticsBounds({})).toEqual({});
    expect(statisticsBounds({ until: '2026-05-31' })).toEqual({ until: new Date('2026-06-01T00:00:00.000Z') });
    expect(statisticsBounds({ since: '2026-01-01' })).toEqual({ since: new Date('2026-01-01T00:00:00.000Z') });
  });
});
