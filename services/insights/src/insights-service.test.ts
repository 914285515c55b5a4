import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, createClient, Code, ConnectError } from '@connectrpc/connect';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { domainErrorCode } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
import { MemoryUnservedDemandRepository } from './adapters/memory/memory-unserved-demand-repository.js';
import { buildInsightsService } from './insights-service.js';

describe('insights service', () => {
  describe('association statistics', () => {
    const at = (iso: string) => new Date(iso);
    const serviceWith = (statistics: MemoryReportStatisticsRepository) =>
      createClient(
        InsightsService,
        createRouterTransport(buildInsightsService({ statistics, unserved: new MemoryUnservedDemandRepository(), clock: { now: () => at('2026-06-20T00:00:00Z') } }).routes),
      );

    it('serves the weeks and the total of an association over RPC', async () => {
      const statistics = new MemoryReportStatisticsRepository();
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-03T09:00:00Z') });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', sendKey: 'alert--r1--m1', memberId: 'm1', costCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c2', sendKey: 'alert--r1--m2', memberId: 'm2', costCents: 7 });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-03T09:12:00Z') });
      await statistics.reporterTexted({ reportId: 'r1', textKey: 'claimed--r1' });

      const client = serviceWith(statistics);
      const { weeks, total } = await client.getAssociationStatistics({
        companyId: 'c1',
        since: timestampFromDate(at('2026-06-01T00:00:00Z')),
        until: timestampFromDate(at('2026-06-15T00:00:00Z')),
      });
      expect(weeks.map((week) => [week.periodStart && timestampDate(week.periodStart), week.periodEnd && timestampDate(week.periodEnd), week.reportsAlerted])).toEqual([
        [at('2026-06-01T00:00:00Z'), at('2026-06-08T00:00:00Z'), 1],
        [at('2026-06-08T00:00:00Z'), at('2026-06-15T00:00:00Z'), 0],
      ]);
      expect(weeks[0]?.medianMinutesToFirstClaim).toBe(12);
      expect(weeks[1]?.medianMinutesToFirstClaim).toBeUndefined();
      expect(weeks[1]?.p90MinutesToFirstClaim).toBeUndefined();
      expect(total).toMatchObject({
        reportsAlerted: 1,
        reportsClaimed: 1,
        medianMinutesToFirstClaim: 12,
        p90MinutesToFirstClaim: 12,
        outcomes: { captured: 0, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 1 },
        reportsExpired: 0,
        reportsDeparted: 0,
        alertsSent: 1,
        alertsCostCents: 7,
        reporterTexts: 1,
      });
      expect(total?.periodStart && timestampDate(total.periodStart)).toEqual(at('2026-06-01T00:00:00Z'));
      expect(total?.periodEnd && timestampDate(total.periodEnd)).toEqual(at('2026-06-15T00:00:00Z'));
    });

    it('answers the 12 weeks up to now when no bound is given', async () => {
      const { total, weeks } = await serviceWith(new MemoryReportStatisticsRepository()).getAssociationStatistics({ companyId: 'c1' });
      // 20 June 2026 is a Saturday: its week began Monday 15 June, and the period 11 weeks before that.
      expect(total?.periodStart && timestampDate(total.periodStart)).toEqual(at('2026-03-30T00:00:00Z'));
      expect(total?.periodEnd && timestampDate(total.periodEnd)).toEqual(at('2026-06-20T00:00:00Z'));
      expect(weeks).toHaveLength(12);
    });

    it('answers INVALID_ARGUMENT without an association, or with a reversed or too long period, in words for the person who asked', async () => {
      const client = serviceWith(new MemoryReportStatisticsRepository());
      const since = timestampFromDate(at('2026-06-01T00:00:00Z'));
      const until = timestampFromDate(at('2026-06-15T00:00:00Z'));
      const errorOf = (request: Parameters<typeof client.getAssociationStatistics>[0]) => client.getAssociationStatistics(request).then(
        () => undefined,
        (caught: unknown) => ConnectError.from(caught),
      );
      for (const request of [{ companyId: '', since, until }, { companyId: '  ', since, until }]) {
        expect((await errorOf(request))?.code).toBe(Code.InvalidArgument);
      }
      for (const [request, message] of [
        [{ companyId: 'c1', since: until, until: since }, statisticsPeriodMessages.sinceAfterUntil],
        [{ companyId: 'c1', since: timestampFromDate(at('2026-06-21T00:00:00Z')) }, statisticsPeriodMessages.sinceAfterUntil],
        [{ companyId: 'c1', since: timestampFromDate(at('2024-06-01T00:00:00Z')), until }, statisticsPeriodMessages.periodTooLong],
      ] as const) {
        const error = await errorOf(request);
        expect(error?.code).toBe(Code.InvalidArgument);
        expect(error && domainErrorCode(error)).toBe('INSIGHTS.INVALID_PERIOD');
        expect(error?.rawMessage).toBe(message);
      }
    });
  });
});
