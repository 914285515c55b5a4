import { claimOutcomes } from '@swarm/proto/labels';
import { describe, expect, it } from 'vitest';
import { MemoryReportStatisticsRepository } from '../adapters/memory/memory-report-statistics-repository.js';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { InsightsError } from '../domain/insights-error.js';
import { GetAssociationStatistics } from './get-association-statistics.js';

const at = (iso: string) => new Date(iso);
/** A Wednesday, mid-morning. */
const NOW = at('2026-06-03T10:30:00Z');
const clock = { now: () => NOW };
const [captured] = claimOutcomes.labels;

class CountingStatistics extends MemoryReportStatisticsRepository {
  reads = 0;
  override async findAlertingAssociation(companyId: string, since: Date, until: Date) {
    this.reads += 1;
    return super.findAlertingAssociation(companyId, since, until);
  }
}

describe('GetAssociationStatistics', () => {
  it('answers the weeks and the total of what the read model holds for the association', async () => {
    const statistics = new MemoryReportStatisticsRepository();
    // Monday 1 June: alerted two members of c1 and one of c2, claimed after 25 minutes, captured.
    await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-01T09:00:00Z') });
    await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
    await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m2', memberId: 'm2', costCents: 7 });
    await statistics.alertSent({ reportId: 'r1', companyId: 'c2', sendKey: 'alert--r1--m3', memberId: 'm3', costCents: 7 });
    await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-01T09:25:00Z') });
    await statistics.outcomeRecorded({ reportId: 'r1', outcome: captured!, recordedAt: at('2026-06-01T12:00:00Z') });
    await statistics.reporterTexted({ reportId: 'r1', textKey: 'claimed--r1' });
    // Wednesday 10 June: alerted one member of c1, expired unclaimed.
    await statistics.reportSubmitted({ reportId: 'r2', submittedAt: at('2026-06-10T09:00:00Z') });
    await statistics.alertSent({ reportId: 'r2', companyId: 'c1', sendKey: 'alert--r2--m1', memberId: 'm1', costCents: 7 });
    await statistics.expired({ reportId: 'r2', expiredAt: at('2026-06-11T09:00:00Z') });
    // Alerted only c2.
    await statistics.reportSubmitted({ reportId: 'r3', submittedAt: at('2026-06-02T09:00:00Z') });
    await statistics.alertSent({ reportId: 'r3', companyId: 'c2', sendKey: 'alert--r3--m3', memberId: 'm3', costCents: 7 });

    const useCase = new GetAssociationStatistics({ statistics, clock });
    const { weeks, total } = await useCase.execute({ companyId: 'c1', since: at('2026-06-01T00:00:00Z'), until: at('2026-06-17T00:00:00Z') });

    expect(weeks.map((week) => [week.periodStart.toISOString(), week.periodEnd.toISOString(), week.reportsAlerted, week.alertsSent])).toEqual([
      ['2026-06-01T00:00:00.000Z', '2026-06-08T00:00:00.000Z', 1, 2],
      ['2026-06-08T00:00:00.000Z', '2026-06-15T00:00:00.000Z', 1, 1],
      ['2026-06-15T00:00:00.000Z', '2026-06-17T00:00:00.000Z', 0, 0],
    ]);
    expect(total).toEqual({
      periodStart: at('2026-06-01T00:00:00Z'),
      periodEnd: at('2026-06-17T00:00:00Z'),
      reportsAlerted: 2,
      reportsClaimed: 1,
      medianMinutesToFirstClaim: 25,
      p90MinutesToFirstClaim: 25,
      outcomes: { captured: 1, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 0 },
      reportsExpired: 1,
      reportsDeparted: 0,
      alertsSent: 3,
      alertsCostCents: 21,
      alertsByText: 3,
      alertsByNotification: 0,
      alertsByEmail: 0,
      alertsCostByTextCents: 21,
      reporterTexts: 1,
    });
  });

  it('refuses a reversed or too long period without reading the store', async () => {
    const statistics = new CountingStatistics();
    const useCase = new GetAssociationStatistics({ statistics, clock });
    const reversed = useCase.execute({ companyId: 'c1', since: at('2026-06-10T00:00:00Z'), until: at('2026-06-01T00:00:00Z') });
    await expect(reversed).rejects.toBeInstanceOf(InsightsError);
    await expect(reversed).rejects.toMatchObject({ code: 'INSIGHTS.INVALID_PERIOD', message: statisticsPeriodMessages.sinceAfterUntil });
    await expect(useCase.execute({ companyId: 'c1', since: at('2024-01-01T00:00:00Z'), until: at('2026-06-01T00:00:00Z') })).rejects.toMatchObject({
      code: 'INSIGHTS.INVALID_PERIOD',
      message: statisticsPeriodMessages.periodTooLong,
    });
    // A start after now with no end given: the end is now.
    await expect(useCase.execute({ companyId: 'c1', since: at('2026-06-04T00:00:00Z') })).rejects.toMatchObject({ message: statisticsPeriodMessages.sinceAfterUntil });
    expect(statistics.reads).toBe(0);
  });

  it('answers at most 731 days: two whole years of days, a leap day included', async () => {
    const useCase = new GetAssociationStatistics({ statistics: new CountingStatistics(), clock });
    const twoYears = await useCase.execute({ companyId: 'c1', since: at('2024-02-01T00:00:00Z'), until: at('2026-02-01T00:00:00Z') });
    expect(twoYears.total.periodEnd).toEqual(at('2026-02-01T00:00:00Z'));
    await expect(useCase.execute({ companyId: 'c1', since: at('2024-02-01T00:00:00Z'), until: at('2026-02-02T00:00:01Z') })).rejects.toMatchObject({
      message: statisticsPeriodMessages.periodTooLong,
    });
  });

  it('fills in absent bounds: up to now, from the Monday that makes 12 whole weeks', async () => {
    const useCase = new GetAssociationStatistics({ statistics: new CountingStatistics(), clock });
    const iso = ({ total }: { total: { periodStart: Date; periodEnd: Date } }) => [total.periodStart.toISOString(), total.periodEnd.toISOString()];

    expect(iso(await useCase.execute({ companyId: 'c1' }))).toEqual(['2026-03-16T00:00:00.000Z', '2026-06-03T10:30:00.000Z']);
    // The end is 00:00 of Monday 1 June: its period's last week is the one before.
    expect(iso(await useCase.execute({ companyId: 'c1', until: at('2026-06-01T00:00:00Z') }))).toEqual(['2026-03-09T00:00:00.000Z', '2026-06-01T00:00:00.000Z']);
    expect(iso(await useCase.execute({ companyId: 'c1', since: at('2026-01-01T00:00:00Z') }))).toEqual(['2026-01-01T00:00:00.000Z', '2026-06-03T10:30:00.000Z']);
    expect((await useCase.execute({ companyId: 'c1' })).weeks).toHaveLength(12);
  });
});
