import { describe, expect, it } from 'vitest';
import { alertDelayMs, alertJob, alertJobId, earliestAlertAt, MINUTE_MS, recentClaimsSince } from './alert-schedule.js';

describe('alert delay by recent claims', () => {
  it.each([
    [0, 0],
    [1, 10],
    [2, 20],
    [5, 50],
    [6, 60],
    [7, 60],
    [40, 60],
  ])('%i recent claims wait %i minutes', (claims, minutes) => {
    expect(alertDelayMs(claims)).toBe(minutes * MINUTE_MS);
  });

  it('moves the earliest alert time by the delay', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(earliestAlertAt(now, 3)).toEqual(new Date('2026-06-01T12:30:00Z'));
    expect(earliestAlertAt(now, 0)).toEqual(now);
  });

  it('counts claims within the last 7 days by default, or the configured window', () => {
    const now = new Date('2026-06-08T12:00:00Z');
    expect(recentClaimsSince(now)).toEqual(new Date('2026-06-01T12:00:00Z'));
    expect(recentClaimsSince(now, 2)).toEqual(new Date('2026-06-06T12:00:00Z'));
  });
});

describe('alert job id', () => {
  it('is the same for the same report and member, and differs otherwise', () => {
    expect(alertJobId('r1', 'm1')).toBe(alertJobId('r1', 'm1'));
    expect(alertJobId('r1', 'm1')).not.toBe(alertJobId('r1', 'm2'));
    expect(alertJobId('r1', 'm1')).not.toBe(alertJobId('r2', 'm1'));
  });

  it('is accepted by BullMQ: no colon, never an integer', () => {
    const id = alertJobId('123', '456');
    expect(id).not.toContain(':');
    expect(`${parseInt(id, 10)}`).not.toBe(id);
  });

  it('is carried by the job', () => {
    const job = alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Bees', distanceMiles: 1, round: 'submitted' });
    expect(job.jobId).toBe(alertJobId('r1', 'm1'));
  });
});
