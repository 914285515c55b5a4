import { describe, expect, it } from 'vitest';
import { aReport } from '../adapters/report-repository.contract.js';
import { closesAt, expiresAt, isDueToClose, isDueToExpire, isLive, liveReportSeen, reporterPhoneFrom, timerOf } from './lifecycle.js';

const activeSince = new Date('2026-06-01T12:00:00.000Z');
const claimedAt = new Date('2026-06-02T08:30:00.000Z');
const ms = (date: Date, offset: number) => new Date(date.getTime() + offset);

describe('expiry', () => {
  it('comes REPORT_ACTIVE_HOURS after the report became active', () => {
    expect(expiresAt(activeSince, 72)).toEqual(new Date('2026-06-04T12:00:00.000Z'));
    expect(expiresAt(activeSince, 1)).toEqual(new Date('2026-06-01T13:00:00.000Z'));
  });

  it('is due at exactly the boundary, not a millisecond before', () => {
    const report = aReport({ activeSince });
    const boundary = expiresAt(activeSince, 72);
    expect(isDueToExpire(report, ms(boundary, -1), 72)).toBe(false);
    expect(isDueToExpire(report, boundary, 72)).toBe(true);
    expect(isDueToExpire(report, ms(boundary, 1), 72)).toBe(true);
  });

  it('counts from the last un-claim, not from the submission', () => {
    const unclaimedAt = new Date('2026-06-03T12:00:00.000Z');
    const report = aReport({ createdAt: activeSince, activeSince: unclaimedAt });
    expect(isDueToExpire(report, new Date('2026-06-04T12:00:00.000Z'), 72)).toBe(false);
    expect(isDueToExpire(report, new Date('2026-06-06T12:00:00.000Z'), 72)).toBe(true);
  });

  it.each(['claimed', 'bad', 'expired', 'departed'] as const)('is never due for a report %s', (state) => {
    expect(isDueToExpire(aReport({ activeSince, state, claim: { memberId: 'm-1', claimedAt } }), new Date('2030-01-01T00:00:00Z'), 72)).toBe(false);
  });
});

describe('close', () => {
  const claimed = aReport({ state: 'claimed', claim: { memberId: 'm-1', claimedAt } });

  it('comes 72 hours after the claim and is due at exactly that time', () => {
    expect(closesAt(claimedAt)).toEqual(new Date('2026-06-05T08:30:00.000Z'));
    expect(isDueToClose(claimed, ms(closesAt(claimedAt), -1))).toBe(false);
    expect(isDueToClose(claimed, closesAt(claimedAt))).toBe(true);
  });

  it('is not due for a claim closed already, nor for a report not claimed', () => {
    const later = new Date('2026-06-09T00:00:00.000Z');
    expect(isDueToClose(aReport({ state: 'claimed', claim: { memberId: 'm-1', claimedAt, closedAt: closesAt(claimedAt) } }), later)).toBe(false);
    expect(isDueToClose(aReport({ state: 'active' }), later)).toBe(false);
    expect(isDueToClose(aReport({ state: 'departed', claim: { memberId: 'm-1', claimedAt } }), later)).toBe(false);
  });
});

describe('the timer of a report', () => {
  it('is its expiry while it is active, counted from when it became active', () => {
    expect(timerOf(aReport({ activeSince }), 48)).toEqual({ kind: 'expire', at: expiresAt(activeSince, 48) });
  });

  it('is its close while a claim holds it, whatever the active period', () => {
    expect(timerOf(aReport({ state: 'claimed', activeSince, claim: { memberId: 'm-1', claimedAt } }), 48)).toEqual({ kind: 'close', at: closesAt(claimedAt) });
  });

  it('is none once the report has ended, a closed claim included', () => {
    expect(timerOf(aReport({ state: 'claimed', claim: { memberId: 'm-1', claimedAt, closedAt: closesAt(claimedAt) } }), 72)).toBeUndefined();
    for (const state of ['bad', 'expired', 'departed'] as const) expect(timerOf(aReport({ state, claim: { memberId: 'm-1', claimedAt } }), 72)).toBeUndefined();
  });
});

describe('live reports', () => {
  it('are the active ones and the claimed ones not closed', () => {
    expect(isLive(aReport({ state: 'active' }))).toBe(true);
    expect(isLive(aReport({ state: 'claimed', claim: { memberId: 'm-1', claimedAt } }))).toBe(true);
    expect(isLive(aReport({ state: 'claimed', claim: { memberId: 'm-1', claimedAt, closedAt: closesAt(claimedAt) } }))).toBe(false);
    for (const state of ['bad', 'expired', 'departed'] as const) expect(isLive(aReport({ state }))).toBe(false);
  });

  it('are seen by their active time or their claim, so a change meanwhile is noticed', () => {
    const claim = { memberId: 'm-1', claimedAt };
    expect(liveReportSeen(aReport({ activeSince }))).toEqual({ state: 'active', activeSince });
    expect(liveReportSeen(aReport({ state: 'claimed', claim }))).toEqual({ state: 'claimed', claim });
    expect(liveReportSeen(aReport({ state: 'expired' }))).toBeUndefined();
  });
});

describe("the reporter's number", () => {
  it.each([
    ['5551234567', '5551234567'],
    ['+15551234567', '5551234567'],
    [' +15551234567 ', '5551234567'],
  ])('reads %j as %j', (text, phone) => {
    expect(reporterPhoneFrom(text)).toBe(phone);
  });

  it.each(['', '555123456', '55512345678', '15551234567', '+25551234567', '+1555123456', '555-123-4567', '+1 5551234567'])('reads %j as no number', (text) => {
    expect(reporterPhoneFrom(text)).toBeUndefined();
  });
});
