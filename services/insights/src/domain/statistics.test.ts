import fc from 'fast-check';
import { claimOutcomes } from '@swarm/proto/labels';
import { describe, expect, it } from 'vitest';
import { InsightsError } from './insights-error.js';
import { alertTotalsByCompany, associationStatistics, percentileByNearestRank, validatePeriod, weekStartOf, weeksOf, type ReportHistory } from './statistics.js';

const at = (iso: string) => new Date(iso);
const MINUTE_MS = 60_000;

/** Alerts of one association that all went by text message, at 7 cents each. */
const textAlerts = (companyId: string, count: number) => ({ companyId, count, costCents: 7 * count, byChannel: { sms: count, push: 0, email: 0 }, costBySmsCents: 7 * count });

/** A report submitted at `submittedAt` that alerted one member of c1 (7 cents), with whatever else is given. */
function history(reportId: string, submittedAt: string, more: Partial<ReportHistory> = {}): ReportHistory {
  return { reportId, submittedAt: at(submittedAt), alerts: [textAlerts('c1', 1)], reporterTexts: 0, ...more };
}
const claimedAfter = (submittedAt: string, minutes: number) => new Date(at(submittedAt).getTime() + minutes * MINUTE_MS);

// 2026-06-01 is a Monday.
const june = { since: at('2026-06-01T00:00:00Z'), until: at('2026-06-29T00:00:00Z') };

describe('percentile by nearest rank', () => {
  it('takes the ⌈p·n/100⌉-th smallest value', () => {
    const waits = [50, 10, 40, 20, 30];
    expect(percentileByNearestRank(waits, 50)).toBe(30);
    expect(percentileByNearestRank(waits, 90)).toBe(50);
    expect(percentileByNearestRank(waits, 100)).toBe(50);
    expect(percentileByNearestRank(waits, 20)).toBe(10);
    expect(percentileByNearestRank(waits, 0)).toBe(10);
  });

  it('gives the lower middle value as the median of an even count, and exact ranks for whole percents', () => {
    expect(percentileByNearestRank([10, 20], 50)).toBe(10);
    expect(percentileByNearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
    // 7 % of 100 values is rank 7, though 0.07 × 100 in floating point is a little over 7.
    expect(percentileByNearestRank(Array.from({ length: 100 }, (_, index) => index + 1), 7)).toBe(7);
    expect(percentileByNearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });

  it('is undefined for no values', () => {
    expect(percentileByNearestRank([], 50)).toBeUndefined();
  });
});

describe('weeks of a period', () => {
  it('start on Monday 00:00 UTC', () => {
    expect(weekStartOf(at('2026-06-01T00:00:00Z'))).toEqual(at('2026-06-01T00:00:00Z'));
    expect(weekStartOf(at('2026-06-07T23:59:59.999Z'))).toEqual(at('2026-06-01T00:00:00Z'));
    expect(weekStartOf(at('2026-06-08T00:00:00Z'))).toEqual(at('2026-06-08T00:00:00Z'));
    expect(weekStartOf(at('2026-06-03T15:00:00Z'))).toEqual(at('2026-06-01T00:00:00Z'));
  });

  it('are clipped to the period at both ends', () => {
    expect(weeksOf({ since: at('2026-06-03T12:00:00Z'), until: at('2026-06-10T06:00:00Z') })).toEqual([
      { since: at('2026-06-03T12:00:00Z'), until: at('2026-06-08T00:00:00Z') },
      { since: at('2026-06-08T00:00:00Z'), until: at('2026-06-10T06:00:00Z') },
    ]);
    expect(weeksOf({ since: at('2026-06-02T00:00:00Z'), until: at('2026-06-03T00:00:00Z') })).toEqual([
      { since: at('2026-06-02T00:00:00Z'), until: at('2026-06-03T00:00:00Z') },
    ]);
  });
});

describe('period validation', () => {
  const codeOf = (since: string, until: string) => {
    try {
      validatePeriod({ since: at(since), until: at(until) });
      return 'valid';
    } catch (error) {
      return error instanceof InsightsError ? error.code : 'other error';
    }
  };

  it('accepts up to 731 days', () => {
    expect(codeOf('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.001Z')).toBe('valid');
    // 366 + 365 days, and 365 + 365 + 1.
    expect(codeOf('2024-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('valid');
    expect(codeOf('2025-01-01T00:00:00Z', '2027-01-02T00:00:00Z')).toBe('valid');
  });

  it('refuses an empty, reversed, longer or unreadable period', () => {
    expect(codeOf('2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('INSIGHTS.INVALID_PERIOD');
    expect(codeOf('2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')).toBe('INSIGHTS.INVALID_PERIOD');
    expect(codeOf('2024-01-01T00:00:00Z', '2026-01-01T00:00:00.001Z')).toBe('INSIGHTS.INVALID_PERIOD');
    expect(codeOf('not a date', '2026-01-02T00:00:00Z')).toBe('INSIGHTS.INVALID_PERIOD');
  });

  it('is checked by associationStatistics', () => {
    expect(() => associationStatistics('c1', { since: june.until, until: june.since }, [])).toThrow(InsightsError);
  });
});

describe('association statistics', () => {
  it('gives the median and 90th percentile minutes to the first claim, and the claimed share', () => {
    const submitted = ['2026-06-01T08:00:00Z', '2026-06-02T08:00:00Z', '2026-06-03T08:00:00Z', '2026-06-04T08:00:00Z', '2026-06-05T08:00:00Z'];
    const claimed = [40, 10, 50, 30, 20].map((minutes, index) => history(`r${index}`, submitted[index]!, { firstClaimedAt: claimedAfter(submitted[index]!, minutes) }));
    const unclaimed = history('r9', '2026-06-06T08:00:00Z');
    const { total, weeks } = associationStatistics('c1', june, [...claimed, unclaimed]);
    expect(total).toMatchObject({ reportsAlerted: 6, reportsClaimed: 5, medianMinutesToFirstClaim: 30, p90MinutesToFirstClaim: 50 });
    expect(weeks[0]).toMatchObject({ reportsAlerted: 6, reportsClaimed: 5, medianMinutesToFirstClaim: 30, p90MinutesToFirstClaim: 50 });
    expect(weeks[1]).toMatchObject({ reportsAlerted: 0, reportsClaimed: 0 });
    expect(weeks[1]?.medianMinutesToFirstClaim).toBeUndefined();
    expect(weeks[1]?.p90MinutesToFirstClaim).toBeUndefined();
  });

  it('lists every week of the period with zeros where nothing was reported', () => {
    const { weeks, total } = associationStatistics('c1', june, [history('r1', '2026-06-16T10:00:00Z')]);
    expect(weeks.map((week) => [week.periodStart.toISOString(), week.periodEnd.toISOString(), week.reportsAlerted])).toEqual([
      ['2026-06-01T00:00:00.000Z', '2026-06-08T00:00:00.000Z', 0],
      ['2026-06-08T00:00:00.000Z', '2026-06-15T00:00:00.000Z', 0],
      ['2026-06-15T00:00:00.000Z', '2026-06-22T00:00:00.000Z', 1],
      ['2026-06-22T00:00:00.000Z', '2026-06-29T00:00:00.000Z', 0],
    ]);
    expect(weeks[0]).toEqual({
      periodStart: at('2026-06-01T00:00:00Z'),
      periodEnd: at('2026-06-08T00:00:00Z'),
      reportsAlerted: 0,
      reportsClaimed: 0,
      medianMinutesToFirstClaim: undefined,
      p90MinutesToFirstClaim: undefined,
      outcomes: { captured: 0, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 0 },
      reportsExpired: 0,
      reportsDeparted: 0,
      alertsSent: 0,
      alertsCostCents: 0,
      alertsByText: 0,
      alertsByNotification: 0,
      alertsByEmail: 0,
      alertsCostByTextCents: 0,
      reporterTexts: 0,
    });
    expect(total.periodStart).toEqual(june.since);
    expect(total.periodEnd).toEqual(june.until);
  });

  it('puts a report in the week it was submitted in, across a Monday boundary, whenever it was claimed', () => {
    const sundayNight = '2026-06-07T23:59:59Z';
    const mondayMidnight = '2026-06-08T00:00:00Z';
    const { weeks } = associationStatistics('c1', june, [
      history('sunday', sundayNight, { firstClaimedAt: claimedAfter(sundayNight, 120) }),
      history('monday', mondayMidnight, { firstClaimedAt: claimedAfter(mondayMidnight, 15) }),
    ]);
    expect(weeks.map((week) => week.reportsAlerted)).toEqual([1, 1, 0, 0]);
    expect(weeks[0]?.medianMinutesToFirstClaim).toBe(120);
    expect(weeks[1]?.medianMinutesToFirstClaim).toBe(15);
  });

  it('clips the first and last weeks to the period and leaves out reports submitted outside it', () => {
    const period = { since: at('2026-06-03T00:00:00Z'), until: at('2026-06-10T00:00:00Z') };
    const { weeks, total } = associationStatistics('c1', period, [
      history('before', '2026-06-02T23:59:59Z'),
      history('first', '2026-06-03T00:00:00Z'),
      history('second', '2026-06-09T23:59:59Z'),
      history('after', '2026-06-10T00:00:00Z'),
    ]);
    expect(weeks.map((week) => [week.periodStart, week.periodEnd, week.reportsAlerted])).toEqual([
      [at('2026-06-03T00:00:00Z'), at('2026-06-08T00:00:00Z'), 1],
      [at('2026-06-08T00:00:00Z'), at('2026-06-10T00:00:00Z'), 1],
    ]);
    expect(total.reportsAlerted).toBe(2);
  });

  it('counts the alerts and cost of this association only, and reports only when they alerted it', () => {
    const { total } = associationStatistics('c1', june, [
      history('both', '2026-06-02T10:00:00Z', {
        alerts: [
          textAlerts('c1', 3),
          textAlerts('c2', 5),
        ],
        reporterTexts: 2,
      }),
      history('other-only', '2026-06-02T11:00:00Z', { alerts: [textAlerts('c2', 4)], reporterTexts: 1, firstClaimedAt: at('2026-06-02T11:05:00Z') }),
    ]);
    expect(total).toMatchObject({ reportsAlerted: 1, reportsClaimed: 0, alertsSent: 3, alertsCostCents: 21, reporterTexts: 2 });
  });

  it('counts alerts by channel and what they would have cost as text messages', () => {
    const sends = alertTotalsByCompany([
      { companyId: 'c1', memberId: 'm1', costCents: 0, channels: ['push'], smsPriceCents: 7 },
      { companyId: 'c1', memberId: 'm2', costCents: 7, channels: ['push', 'sms'], smsPriceCents: 7 },
      { companyId: 'c1', memberId: 'm3', costCents: 0, channels: ['email'], smsPriceCents: 7 },
      // A re-alert of m1 after an un-claim: another alert, not another charge, nor another would-be text charge.
      { companyId: 'c1', memberId: 'm1', costCents: 0, channels: ['push'], smsPriceCents: 7 },
      // Recorded before channels existed: a text message at its cost.
      { companyId: 'c1', memberId: 'm4', costCents: 7 },
    ]);
    const { total } = associationStatistics('c1', june, [history('r1', '2026-06-02T10:00:00Z', { alerts: sends })]);
    expect(total).toMatchObject({ alertsSent: 5, alertsCostCents: 14, alertsByText: 2, alertsByNotification: 3, alertsByEmail: 1, alertsCostByTextCents: 28 });
  });

  it('counts outcomes of claimed reports, unrecorded when the claimer gave none, and expired and departed reports', () => {
    const [captured, gone, notBees, unreachable, other] = claimOutcomes.labels;
    const claimedAt = at('2026-06-02T12:00:00Z');
    const { total } = associationStatistics('c1', june, [
      history('a', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: captured }),
      history('b', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: captured }),
      history('c', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: gone }),
      history('d', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: notBees }),
      history('e', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: unreachable }),
      history('f', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: other }),
      history('g', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt }),
      // Its claim event has not arrived yet: no outcome counted until it has.
      history('h', '2026-06-02T10:00:00Z', { outcome: captured }),
      history('i', '2026-06-02T10:00:00Z', { expiredAt: at('2026-06-03T10:00:00Z') }),
      history('j', '2026-06-02T10:00:00Z', { departedAt: at('2026-06-02T11:00:00Z') }),
    ]);
    expect(total.outcomes).toEqual({ captured: 2, goneBeforeArrival: 1, notHoneyBees: 1, couldNotReach: 1, other: 1, unrecorded: 1 });
    expect(total).toMatchObject({ reportsAlerted: 10, reportsClaimed: 7, reportsExpired: 1, reportsDeparted: 1, medianMinutesToFirstClaim: 120 });
  });

  it('counts one end per report: the outcome its claimer recorded, else departed or expired, else unrecorded', () => {
    const claimedAt = at('2026-06-02T12:00:00Z');
    const departedAt = at('2026-06-02T13:00:00Z');
    const { total } = associationStatistics('c1', june, [
      // Stored before GONE kept claimed reports: captured and departed; the claimer's outcome stands alone.
      history('captured-then-gone', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, outcome: 'Captured', departedAt }),
      // Given back without an outcome, then gone while active: departed, not also unrecorded.
      history('given-back-then-gone', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, departedAt }),
      history('given-back-then-expired', '2026-06-02T10:00:00Z', { firstClaimedAt: claimedAt, expiredAt: at('2026-06-05T10:00:00Z') }),
      history('gone-unclaimed', '2026-06-02T10:00:00Z', { departedAt }),
    ]);
    expect(total.outcomes).toEqual({ captured: 1, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 0 });
    expect(total).toMatchObject({ reportsAlerted: 4, reportsClaimed: 3, reportsDeparted: 2, reportsExpired: 1 });
    const ends = Object.values(total.outcomes).reduce((sum, count) => sum + count, 0) + total.reportsDeparted + total.reportsExpired;
    expect(ends).toBe(total.reportsAlerted);
  });

  it('counts a claim stamped before the submission as claimed at once', () => {
    const { total } = associationStatistics('c1', june, [history('r1', '2026-06-02T10:00:00Z', { firstClaimedAt: at('2026-06-02T09:59:58Z') })]);
    expect(total.medianMinutesToFirstClaim).toBe(0);
  });

  it('adds the weeks up to the total, and every report to one week', () => {
    const start = june.since.getTime();
    const span = june.until.getTime() - start;
    const report = fc.record({
      offset: fc.integer({ min: -span, max: 2 * span }),
      claimMinutes: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
      outcome: fc.option(fc.constantFrom(...claimOutcomes.labels), { nil: undefined }),
      expired: fc.boolean(),
      departed: fc.boolean(),
      alerts: fc.array(fc.record({ companyId: fc.constantFrom('c1', 'c2'), count: fc.integer({ min: 0, max: 5 }) }), { maxLength: 3 }),
      reporterTexts: fc.integer({ min: 0, max: 4 }),
    });
    const period = fc
      .tuple(fc.integer({ min: 0, max: span }), fc.integer({ min: 1, max: span }))
      .map(([from, length]) => ({ since: new Date(start + from), until: new Date(start + from + length) }));
    fc.assert(
      fc.property(period, fc.array(report, { maxLength: 40 }), (period, reports) => {
        const histories = reports.map(({ offset, claimMinutes, outcome, expired, departed, alerts, reporterTexts }, index): ReportHistory => {
          const submittedAt = new Date(start + offset);
          return {
            reportId: `r${index}`,
            submittedAt,
            ...(claimMinutes === undefined ? {} : { firstClaimedAt: new Date(submittedAt.getTime() + claimMinutes * MINUTE_MS) }),
            ...(outcome === undefined ? {} : { outcome }),
            ...(expired ? { expiredAt: submittedAt } : {}),
            ...(departed ? { departedAt: submittedAt } : {}),
            alerts: alerts.map(({ companyId, count }) => textAlerts(companyId, count)),
            reporterTexts,
          };
        });
        const { weeks, total } = associationStatistics('c1', period, histories);
        const sum = (figure: (week: (typeof weeks)[number]) => number) => weeks.reduce((sum, week) => sum + figure(week), 0);
        expect(sum((week) => week.reportsAlerted)).toBe(total.reportsAlerted);
        expect(sum((week) => week.reportsClaimed)).toBe(total.reportsClaimed);
        expect(sum((week) => week.reportsExpired)).toBe(total.reportsExpired);
        expect(sum((week) => week.reportsDeparted)).toBe(total.reportsDeparted);
        expect(sum((week) => week.alertsSent)).toBe(total.alertsSent);
        expect(sum((week) => week.alertsCostCents)).toBe(total.alertsCostCents);
        expect(sum((week) => week.reporterTexts)).toBe(total.reporterTexts);
        for (const key of Object.keys(total.outcomes) as (keyof typeof total.outcomes)[]) expect(sum((week) => week.outcomes[key])).toBe(total.outcomes[key]);
        // One end per report at most: an outcome (claimed reports only), departed or expired.
        const outcomeCount = Object.values(total.outcomes).reduce((sum, count) => sum + count, 0);
        expect(outcomeCount).toBeLessThanOrEqual(total.reportsClaimed);
        expect(outcomeCount + total.reportsExpired + total.reportsDeparted).toBeLessThanOrEqual(total.reportsAlerted);
        // The weeks tile the period: contiguous, in order, from its start to its end.
        expect(weeks[0]?.periodStart).toEqual(period.since);
        expect(weeks.at(-1)?.periodEnd).toEqual(period.until);
        weeks.slice(1).forEach((week, index) => expect(week.periodStart).toEqual(weeks[index]?.periodEnd));
        const expected = histories.filter(
          (history) => history.submittedAt >= period.since && history.submittedAt < period.until && history.alerts.some((alert) => alert.companyId === 'c1' && alert.count > 0),
        );
        expect(total.reportsAlerted).toBe(expected.length);
      }),
    );
  });
});
