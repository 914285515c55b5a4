import { claimOutcomes } from '@swarm/proto/labels';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReportStatisticsRepository } from '../app/ports.js';

const at = (iso: string) => new Date(iso);
const june = { since: at('2026-06-01T00:00:00Z'), until: at('2026-07-01T00:00:00Z') };
const [captured, goneBeforeArrival, notHoneyBees] = claimOutcomes.labels;

/** What every ReportStatisticsRepository adapter must do; `create` gives a fresh, empty repository. */
export function reportStatisticsRepositoryContract(name: string, create: () => Promise<ReportStatisticsRepository>): void {
  describe(`ReportStatisticsRepository contract: ${name}`, () => {
    let statistics: ReportStatisticsRepository;
    beforeEach(async () => {
      statistics = await create();
    });
    const findJune = (companyId = 'c1') => statistics.findAlertingAssociation(companyId, june.since, june.until);
    const onlyHistory = async (companyId = 'c1') => {
      const histories = await findJune(companyId);
      expect(histories).toHaveLength(1);
      return histories[0]!;
    };

    it('answers the whole history of a report that alerted the association', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m2', memberId: 'm2', costCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c2', sendKey: 'alert--r1--m3', memberId: 'm3', costCents: 7 });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-02T10:30:00Z') });
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: captured!, recordedAt: at('2026-06-02T14:00:00Z') });
      await statistics.expired({ reportId: 'r1', expiredAt: at('2026-06-03T10:00:00Z') });
      await statistics.departed({ reportId: 'r1', departedAt: at('2026-06-02T11:00:00Z') });
      await statistics.reporterTexted({ reportId: 'r1', textKey: 'claimed--r1' });
      await statistics.reporterTexted({ reportId: 'r1', textKey: 'outcome--r1' });

      const history = await onlyHistory();
      expect({ ...history, alerts: [...history.alerts].sort((left, right) => left.companyId.localeCompare(right.companyId)) }).toEqual({
        reportId: 'r1',
        submittedAt: at('2026-06-02T10:00:00Z'),
        firstClaimedAt: at('2026-06-02T10:30:00Z'),
        expiredAt: at('2026-06-03T10:00:00Z'),
        departedAt: at('2026-06-02T11:00:00Z'),
        outcome: captured,
        alerts: [
          { companyId: 'c1', count: 2, costCents: 14, byChannel: { sms: 2, push: 0, email: 0 }, costBySmsCents: 14 },
          { companyId: 'c2', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 },
        ],
        reporterTexts: 2,
      });
      expect((await onlyHistory('c2')).reportId).toBe('r1');
    });

    it('keeps the cell of the place and the earliest marking as bad', async () => {
      await statistics.markedBad({ reportId: 'r1', markedAt: at('2026-06-02T12:00:00Z') });
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z'), h3Cell: '87281b59bffffff', size: 'Softball', elevationFeet: 12 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.markedBad({ reportId: 'r1', markedAt: at('2026-06-02T11:00:00Z') });
      await statistics.markedBad({ reportId: 'r1', markedAt: at('2026-06-02T13:00:00Z') });
      expect(await onlyHistory()).toMatchObject({ h3Cell: '87281b59bffffff', size: 'Softball', elevationFeet: 12, markedBadAt: at('2026-06-02T11:00:00Z') });
    });

    it('leaves out what a report has not had', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      const history = await onlyHistory();
      expect(history).toEqual({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z'), alerts: [{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }], reporterTexts: 0 });
      expect(history.firstClaimedAt).toBeUndefined();
      expect(history.outcome).toBeUndefined();
    });

    it('finds the reports submitted in [since, until) that alerted the association, in submission order', async () => {
      const submissions: [string, string, string][] = [
        ['before', '2026-05-31T23:59:59.999Z', 'c1'],
        ['first', '2026-06-01T00:00:00Z', 'c1'],
        ['late', '2026-06-30T23:59:59.999Z', 'c1'],
        ['middle', '2026-06-15T12:00:00Z', 'c1'],
        ['after', '2026-07-01T00:00:00Z', 'c1'],
        ['other-association', '2026-06-10T12:00:00Z', 'c2'],
      ];
      for (const [reportId, submittedAt, companyId] of submissions) {
        await statistics.reportSubmitted({ reportId, submittedAt: at(submittedAt) });
        await statistics.alertSent({ reportId, companyId, sendKey: `alert--${reportId}`, memberId: 'm1', costCents: 7 });
      }
      // Submitted in the period, but no member of any association was alerted.
      await statistics.reportSubmitted({ reportId: 'unalerted', submittedAt: at('2026-06-10T12:00:00Z') });
      expect((await findJune()).map((history) => history.reportId)).toEqual(['first', 'middle', 'late']);
      expect((await findJune('c2')).map((history) => history.reportId)).toEqual(['other-association']);
      expect(await findJune('nobody')).toEqual([]);
    });

    it('never answers a history whose submission has not arrived, and answers it once it has', async () => {
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-02T10:05:00Z') });
      await statistics.reporterTexted({ reportId: 'r1', textKey: 'claimed--r1' });
      expect(await findJune()).toEqual([]);

      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      expect(await onlyHistory()).toMatchObject({ reportId: 'r1', firstClaimedAt: at('2026-06-02T10:05:00Z'), alerts: [{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }], reporterTexts: 1 });
    });

    it('counts a redelivered alert or reporter text once', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      for (let i = 0; i < 3; i++) {
        await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
        await statistics.reporterTexted({ reportId: 'r1', textKey: 'claimed--r1' });
      }
      // The same send with a different cost is still the same send.
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 9 });
      expect(await onlyHistory()).toMatchObject({ alerts: [{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }], reporterTexts: 1 });
    });

    it("counts a member's re-alert after an un-claim as an alert but not as another charge", async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1--submitted', memberId: 'm1', costCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m2--submitted', memberId: 'm2', costCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m2--unclaimed-e1', memberId: 'm2', costCents: 7 });
      expect(await onlyHistory()).toMatchObject({ alerts: [{ companyId: 'c1', count: 3, costCents: 14, byChannel: { sms: 3, push: 0, email: 0 }, costBySmsCents: 14 }] });
    });

    it('drops the outcome of a claim given back, and an older outcome arriving after, but keeps a later claim’s', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: captured!, recordedAt: at('2026-06-02T11:00:00Z') });
      await statistics.claimGivenBack({ reportId: 'r1', at: at('2026-06-02T12:00:00Z') });
      expect((await onlyHistory()).outcome).toBeUndefined();
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: notHoneyBees!, recordedAt: at('2026-06-02T11:30:00Z') });
      expect((await onlyHistory()).outcome).toBeUndefined();
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: goneBeforeArrival!, recordedAt: at('2026-06-02T13:00:00Z') });
      expect((await onlyHistory()).outcome).toBe(goneBeforeArrival);
      // A give-back older than the kept outcome (redelivered late) leaves it.
      await statistics.claimGivenBack({ reportId: 'r1', at: at('2026-06-02T12:00:00Z') });
      expect((await onlyHistory()).outcome).toBe(goneBeforeArrival);
    });

    it('keeps the earliest claim, expiry and departure, in whatever order they arrive', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-02T11:00:00Z') });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-02T10:20:00Z') });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-02T12:00:00Z') });
      await statistics.expired({ reportId: 'r1', expiredAt: at('2026-06-04T10:00:00Z') });
      await statistics.expired({ reportId: 'r1', expiredAt: at('2026-06-03T10:00:00Z') });
      await statistics.departed({ reportId: 'r1', departedAt: at('2026-06-02T13:00:00Z') });
      await statistics.departed({ reportId: 'r1', departedAt: at('2026-06-02T15:00:00Z') });
      expect(await onlyHistory()).toMatchObject({
        firstClaimedAt: at('2026-06-02T10:20:00Z'),
        expiredAt: at('2026-06-03T10:00:00Z'),
        departedAt: at('2026-06-02T13:00:00Z'),
      });
    });

    it('keeps the newest outcome by when it was recorded, not by when it arrived', async () => {
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: goneBeforeArrival!, recordedAt: at('2026-06-02T14:00:00Z') });
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: captured!, recordedAt: at('2026-06-02T12:00:00Z') });
      expect((await onlyHistory()).outcome).toBe(goneBeforeArrival);

      await statistics.outcomeRecorded({ reportId: 'r1', outcome: notHoneyBees!, recordedAt: at('2026-06-02T15:00:00Z') });
      // A redelivery of the older answer changes nothing.
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: goneBeforeArrival!, recordedAt: at('2026-06-02T14:00:00Z') });
      expect((await onlyHistory()).outcome).toBe(notHoneyBees);
    });

    it('takes any event before the report’s submission', async () => {
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: captured!, recordedAt: at('2026-06-02T14:00:00Z') });
      await statistics.departed({ reportId: 'r2', departedAt: at('2026-06-02T13:00:00Z') });
      await statistics.expired({ reportId: 'r3', expiredAt: at('2026-06-03T10:00:00Z') });
      await statistics.reporterTexted({ reportId: 'r4', textKey: 'claimed--r4' });
      await statistics.claimed({ reportId: 'r5', claimedAt: at('2026-06-02T10:05:00Z') });
      for (const reportId of ['r1', 'r2', 'r3', 'r4', 'r5']) {
        await statistics.alertSent({ reportId, companyId: 'c1', sendKey: `alert--${reportId}`, memberId: 'm1', costCents: 7 });
        await statistics.reportSubmitted({ reportId, submittedAt: at('2026-06-02T10:00:00Z') });
      }
      const histories = new Map((await findJune()).map((history) => [history.reportId, history]));
      expect(histories.get('r1')?.outcome).toBe(captured);
      expect(histories.get('r2')?.departedAt).toEqual(at('2026-06-02T13:00:00Z'));
      expect(histories.get('r3')?.expiredAt).toEqual(at('2026-06-03T10:00:00Z'));
      expect(histories.get('r4')?.reporterTexts).toBe(1);
      expect(histories.get('r5')?.firstClaimedAt).toEqual(at('2026-06-02T10:05:00Z'));
    });

    it('counts 20 concurrent deliveries of the same alert once, even before the report exists', async () => {
      await Promise.all(Array.from({ length: 20 }, () => statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 })));
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') });
      expect((await onlyHistory()).alerts).toEqual([{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }]);
    });

    it('keeps every one of many concurrent changes to a new report', async () => {
      const claimedAt = (minutes: number) => new Date(at('2026-06-02T10:00:00Z').getTime() + minutes * 60_000);
      await Promise.all([
        statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-02T10:00:00Z') }),
        ...Array.from({ length: 10 }, (_, index) => statistics.alertSent({ reportId: 'r1', companyId: index % 2 ? 'c2' : 'c1', sendKey: `alert--r1--m${index}`, memberId: `m${index}`, costCents: 7 })),
        ...Array.from({ length: 5 }, (_, index) => statistics.reporterTexted({ reportId: 'r1', textKey: `text--${index}` })),
        ...Array.from({ length: 5 }, () => statistics.reporterTexted({ reportId: 'r1', textKey: 'text--0' })),
        ...[30, 5, 20, 10].map((minutes) => statistics.claimed({ reportId: 'r1', claimedAt: claimedAt(minutes) })),
        ...[3, 1, 2].map((hour) => statistics.outcomeRecorded({ reportId: 'r1', outcome: claimOutcomes.labels[hour]!, recordedAt: claimedAt(60 * hour) })),
      ]);
      const history = await onlyHistory();
      expect([...history.alerts].sort((left, right) => left.companyId.localeCompare(right.companyId))).toEqual([
        { companyId: 'c1', count: 5, costCents: 35, byChannel: { sms: 5, push: 0, email: 0 }, costBySmsCents: 35 },
        { companyId: 'c2', count: 5, costCents: 35, byChannel: { sms: 5, push: 0, email: 0 }, costBySmsCents: 35 },
      ]);
      expect(history.reporterTexts).toBe(5);
      expect(history.firstClaimedAt).toEqual(claimedAt(5));
      expect(history.outcome).toBe(claimOutcomes.labels[3]);
    });
  });
}
