import { describe, expect, it } from 'vitest';
import { badReportReasons, claimOutcomes } from '@swarm/proto/labels';
import {
  CLAIM_WINDOW_MS,
  checkBadReason,
  checkClaimOutcome,
  checkClaimerAction,
  decideClaim,
  decideOutcome,
  isBadReason,
  withinClaimWindow,
} from './claim.js';
import type { Report } from './report.js';

const claimedAt = new Date('2026-06-01T12:00:00Z');

function report(overrides: Partial<Report> = {}): Report {
  return {
    reportId: 'r-1',
    idempotencyId: 'i-1',
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Softball',
    elevationFeet: 5,
    address: '1 Oak St',
    internalNote: '',
    location: { latitude: 45, longitude: -122 },
    state: 'active',
    claimCode: '00042',
    createdAt: new Date('2026-06-01T10:00:00Z'),
    activeSince: new Date('2026-06-01T10:00:00Z'),
    reporterUpdates: false,
    reporterLanguage: 'en',
    associations: [],
    ...overrides,
  };
}

const claimedBy = (memberId: string) => report({ state: 'claimed', claim: { memberId, claimedAt } });

describe('the 72-hour claim window', () => {
  it('is 72 hours', () => {
    expect(CLAIM_WINDOW_MS).toBe(72 * 3_600_000);
  });

  it('is open up to the last millisecond before 72 hours and closed from then on', () => {
    expect(withinClaimWindow(claimedAt, claimedAt)).toBe(true);
    expect(withinClaimWindow(claimedAt, new Date('2026-06-04T11:59:59.999Z'))).toBe(true);
    expect(withinClaimWindow(claimedAt, new Date('2026-06-04T12:00:00.000Z'))).toBe(false);
    expect(withinClaimWindow(claimedAt, new Date('2026-06-10T12:00:00.000Z'))).toBe(false);
  });
});

describe('mark-as-bad reasons', () => {
  it('are the five of the spec, in order', () => {
    expect(badReportReasons.labels).toEqual(['Not honey bees', 'Swarm moved into structure', 'Swarm moved on', 'Someone else got the swarm', 'Other']);
  });

  it.each(badReportReasons.labels)('accepts %s', (reason) => {
    expect(isBadReason(reason)).toBe(true);
    expect(checkBadReason(reason)).toBe(reason);
  });

  it.each(['', 'other', 'Not honey bees ', 'Wasps'])('refuses %j', (reason) => {
    expect(isBadReason(reason)).toBe(false);
    expect(() => checkBadReason(reason)).toThrow(expect.objectContaining({ code: 'REPORT.INVALID_REASON' }));
  });

  it('asks for a reason when none is given, and names the reasons for an unknown one', () => {
    expect(() => checkBadReason('')).toThrow(expect.objectContaining({ message: 'Please choose a reason.' }));
    expect(() => checkBadReason('Wasps')).toThrow(
      expect.objectContaining({ message: 'Reason must be one of: Not honey bees, Swarm moved into structure, Swarm moved on, Someone else got the swarm, Other.' }),
    );
  });
});

describe('decideClaim', () => {
  it('lets an alerted member claim an active report', () => {
    expect(decideClaim(report(), 'm-1', true)).toBe('claim');
  });

  it('tells the holder the report is already theirs', () => {
    expect(decideClaim(claimedBy('m-1'), 'm-1', true)).toBe('already-yours');
  });

  it.each([
    ['an unknown report', undefined, true, 'REPORT.NOT_FOUND'],
    ['a bad report', report({ state: 'bad' }), true, 'REPORT.NOT_FOUND'],
    ['an expired report', report({ state: 'expired' }), true, 'REPORT.NOT_FOUND'],
    ['a departed report', report({ state: 'departed' }), true, 'REPORT.NOT_FOUND'],
    ['a member not alerted', report(), false, 'REPORT.NOT_ALERTED'],
    ['a member not alerted about a claimed report', claimedBy('m-2'), false, 'REPORT.NOT_ALERTED'],
    ['a report another member holds', claimedBy('m-2'), true, 'REPORT.ALREADY_CLAIMED'],
  ] as const)('refuses %s', (_case, subject, alerted, code) => {
    expect(() => decideClaim(subject, 'm-1', alerted)).toThrow(expect.objectContaining({ code }));
  });
});

describe('checkClaimerAction', () => {
  it('allows the claimer within the window and names the claim', () => {
    expect(checkClaimerAction(claimedBy('m-1'), 'm-1', new Date('2026-06-02T12:00:00Z'), 'unclaim')).toEqual({ memberId: 'm-1', claimedAt });
  });

  it.each([
    ['an unknown report', undefined, 'REPORT.NOT_FOUND'],
    ['a bad report', report({ state: 'bad', claim: { memberId: 'm-1', claimedAt } }), 'REPORT.NOT_FOUND'],
    ['a departed report', report({ state: 'departed', claim: { memberId: 'm-1', claimedAt } }), 'REPORT.NOT_FOUND'],
    ['an active report', report(), 'REPORT.NOT_CLAIMED'],
    ['another member', claimedBy('m-2'), 'REPORT.NOT_CLAIMER'],
  ] as const)('refuses %s', (_case, subject, code) => {
    expect(() => checkClaimerAction(subject, 'm-1', claimedAt, 'mark-bad')).toThrow(expect.objectContaining({ code }));
  });

  it('refuses the claimer once 72 hours have passed, naming the action that came too late', () => {
    const late = new Date('2026-06-04T12:00:00Z');
    expect(() => checkClaimerAction(claimedBy('m-1'), 'm-1', late, 'unclaim')).toThrow(
      expect.objectContaining({ code: 'REPORT.CLAIM_WINDOW_OVER', message: 'A report can only be unclaimed within 72 hours of claiming it.' }),
    );
    expect(() => checkClaimerAction(claimedBy('m-1'), 'm-1', late, 'mark-bad')).toThrow(
      expect.objectContaining({ code: 'REPORT.CLAIM_WINDOW_OVER', message: 'A report can only be marked as bad within 72 hours of claiming it.' }),
    );
  });
});

describe('claim outcomes', () => {
  it('are the five of the outcome prompt, in its order', () => {
    expect(claimOutcomes.labels).toEqual(['Captured', 'Gone before arrival', 'Not honey bees', 'Could not reach', 'Other']);
    for (const outcome of claimOutcomes.labels) expect(checkClaimOutcome(outcome)).toBe(outcome);
  });

  it.each(['', 'captured', 'Swarm moved on', '1'])('refuses %j', (outcome) => {
    expect(() => checkClaimOutcome(outcome)).toThrow(expect.objectContaining({ code: 'REPORT.INVALID_OUTCOME' }));
  });

  it('asks for an outcome when none is given, and names the outcomes for an unknown one', () => {
    expect(() => checkClaimOutcome('')).toThrow(expect.objectContaining({ message: 'Please choose an outcome.' }));
    expect(() => checkClaimOutcome('Eaten')).toThrow(
      expect.objectContaining({ message: 'Outcome must be one of: Captured, Gone before arrival, Not honey bees, Could not reach, Other.' }),
    );
  });
});

describe('decideOutcome', () => {
  const closedAt = new Date('2026-06-04T12:00:00Z');

  it('lets the claimer record one, within the window and after the claim closed, and tells whether it changes', () => {
    expect(decideOutcome(claimedBy('m-1'), 'm-1', 'Captured')).toEqual({ claim: { memberId: 'm-1', claimedAt }, change: true });
    const closed = report({ state: 'claimed', claim: { memberId: 'm-1', claimedAt, closedAt, outcome: 'Captured' } });
    expect(decideOutcome(closed, 'm-1', 'Captured').change).toBe(false);
    expect(decideOutcome(closed, 'm-1', 'Other').change).toBe(true);
  });

  it('lets the claimer record one once the reporter said the swarm has gone', () => {
    expect(decideOutcome(report({ state: 'departed', claim: { memberId: 'm-1', claimedAt } }), 'm-1', 'Gone before arrival').change).toBe(true);
  });

  it.each([
    ['an unknown report', undefined, 'REPORT.NOT_FOUND'],
    ['a bad report', report({ state: 'bad', claim: { memberId: 'm-1', claimedAt } }), 'REPORT.NOT_FOUND'],
    ['an expired report', report({ state: 'expired' }), 'REPORT.NOT_FOUND'],
    ['an active report', report(), 'REPORT.NOT_CLAIMER'],
    ['a report another member holds', claimedBy('m-2'), 'REPORT.NOT_CLAIMER'],
    ['a departed report another member held', report({ state: 'departed', claim: { memberId: 'm-2', claimedAt } }), 'REPORT.NOT_CLAIMER'],
  ] as const)('refuses %s', (_case, subject, code) => {
    expect(() => decideOutcome(subject, 'm-1', 'Captured')).toThrow(expect.objectContaining({ code }));
  });
});
