import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, createClient, Code, ConnectError } from '@connectrpc/connect';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { domainErrorCode } from '@swarm/runtime';
import { cellToParent } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
import { MemoryMemberReachRepository } from './adapters/memory/memory-member-reach-repository.js';
import { MemoryUnservedDemandRepository } from './adapters/memory/memory-unserved-demand-repository.js';
import { cellsCoveredFrom } from './domain/member-coverage.js';
import { GazetteerPlaceNames } from './adapters/places/gazetteer-place-names.js';
import { buildInsightsService } from './insights-service.js';

/** Peers that know no member: the association has none, so the map covers nothing. */
const noMembers = () => ({
  reach: new MemoryMemberReachRepository(),
  members: { reachOf: async () => undefined },
  associationMembers: { activeMemberIds: async () => [] },
  places: { nearTo: () => undefined },
});

describe('insights service', () => {
  describe('association statistics', () => {
    const at = (iso: string) => new Date(iso);
    const serviceWith = (statistics: MemoryReportStatisticsRepository) =>
      createClient(
        InsightsService,
        createRouterTransport(buildInsightsService({ statistics, unserved: new MemoryUnservedDemandRepository(), ...noMembers(), clock: { now: () => at('2026-06-20T00:00:00Z') } }).routes),
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

  describe('association map', () => {
    const at = (iso: string) => new Date(iso);
    const EUGENE = '87281b59bffffff';
    /** Eugene's resolution-6 cell, where a member's home lies. */
    const EUGENE_HOME = cellToParent(EUGENE, 6);
    const EUGENE_NEIGHBOUR = '87281b59affffff';
    const PORTLAND = '8728f0023ffffff';

    it('serves an association’s cells with the unserved demand around them, leaving out demand far away', async () => {
      const statistics = new MemoryReportStatisticsRepository();
      const unserved = new MemoryUnservedDemandRepository();
      for (const [index, minutes] of [5, 15, 25].entries()) {
        const reportId = `r${index}`;
        await statistics.reportSubmitted({ reportId, submittedAt: at('2026-06-03T09:00:00Z'), h3Cell: EUGENE });
        await statistics.alertSent({ reportId, companyId: 'c1', memberId: 'm1', sendKey: `alert--${reportId}`, costCents: 7 });
        await statistics.claimed({ reportId, claimedAt: new Date(at('2026-06-03T09:00:00Z').getTime() + minutes * 60_000) });
      }
      await unserved.record({ id: 'u1', h3Cell: EUGENE_NEIGHBOUR, refusedAt: at('2026-06-04T09:00:00Z'), size: 'Softball' });
      await unserved.record({ id: 'u2', h3Cell: PORTLAND, refusedAt: at('2026-06-04T09:00:00Z'), size: 'Softball' });
      const reach = new MemoryMemberReachRepository();
      await reach.saveIfNewer({ memberId: 'm1', version: 1, home: { h3Cell: EUGENE_HOME, rangeInMiles: 5 } });
      await reach.saveIfNewer({ memberId: 'm2', version: 1 });
      const client = createClient(
        InsightsService,
        createRouterTransport(
          buildInsightsService({
            statistics,
            unserved,
            reach,
            members: { reachOf: async () => undefined },
            associationMembers: { activeMemberIds: async (companyId) => (companyId === 'c1' ? ['m1', 'm2'] : []) },
            places: new GazetteerPlaceNames(),
            clock: { now: () => at('2026-06-20T00:00:00Z') },
          }).routes,
        ),
      );

      const map = await client.getAssociationMap({ companyId: 'c1', since: timestampFromDate(at('2026-06-01T00:00:00Z')), until: timestampFromDate(at('2026-06-15T00:00:00Z')) });
      expect(map.resolution).toBe(7);
      expect(map.periodStart && timestampDate(map.periodStart)).toEqual(at('2026-06-01T00:00:00Z'));
      expect(map.cells).toMatchObject([
        { h3Cell: EUGENE_NEIGHBOUR, nearPlace: 'Eugene, OR', reports: { count: 0, fewerThanMinimum: false }, unserved: { count: 0, fewerThanMinimum: true } },
        {
          h3Cell: EUGENE,
          nearPlace: 'Eugene, OR',
          reports: { count: 3, fewerThanMinimum: false },
          outcomes: { claimed: 3, expired: 0, departed: 0, markedBad: 0, open: 0 },
          unserved: { count: 0, fewerThanMinimum: false },
          medianMinutesToFirstClaim: 15,
          p90MinutesToFirstClaim: 25,
          shareUnclaimed: 0,
        },
      ]);
      // A cell without three reports has no outcomes, times or share.
      expect([map.cells[0]?.outcomes, map.cells[0]?.medianMinutesToFirstClaim, map.cells[0]?.shareUnclaimed]).toEqual([undefined, undefined, undefined]);
      // The area the active members cover, coarse: resolution 6, with its area and who could not be placed.
      expect(map.coverage).toMatchObject({ resolution: 6, h3Cells: cellsCoveredFrom(EUGENE_HOME, 5).sort(), membersWithHome: 1, membersWithoutHome: 1 });
      expect(map.coverage?.areaKm2).toBeGreaterThan(200);
      const other = await client.getAssociationMap({ companyId: 'c2', since: timestampFromDate(at('2026-06-01T00:00:00Z')) });
      expect([other.cells, other.coverage?.h3Cells, other.coverage?.membersWithHome]).toEqual([[], [], 0]);
    });

    it('lists an association’s reports one row each for its export: cell, size, height, time to claim, outcome, alerts by channel and cost', async () => {
      const statistics = new MemoryReportStatisticsRepository();
      await statistics.reportSubmitted({ reportId: 'r1', submittedAt: at('2026-06-03T09:00:00Z'), h3Cell: EUGENE, size: 'Softball', elevationFeet: 12 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c1', memberId: 'm1', sendKey: 'alert--r1--m1', costCents: 7, channels: ['sms', 'push'], smsPriceCents: 7 });
      await statistics.alertSent({ reportId: 'r1', companyId: 'c2', memberId: 'm2', sendKey: 'alert--r1--m2', costCents: 7 });
      await statistics.claimed({ reportId: 'r1', claimedAt: at('2026-06-03T09:12:30Z') });
      await statistics.outcomeRecorded({ reportId: 'r1', outcome: 'Captured', recordedAt: at('2026-06-03T12:00:00Z') });
      await statistics.reportSubmitted({ reportId: 'r2', submittedAt: at('2026-06-02T09:00:00Z'), h3Cell: PORTLAND, size: 'Basketball', elevationFeet: 30 });
      await statistics.alertSent({ reportId: 'r2', companyId: 'c1', memberId: 'm1', sendKey: 'alert--r2--m1', costCents: 0, channels: ['email'], smsPriceCents: 7 });
      await statistics.expired({ reportId: 'r2', expiredAt: at('2026-06-05T09:00:00Z') });
      // Another association's report, and one outside the period, are not listed.
      await statistics.reportSubmitted({ reportId: 'r3', submittedAt: at('2026-06-03T09:00:00Z'), h3Cell: EUGENE, size: 'Softball', elevationFeet: 1 });
      await statistics.alertSent({ reportId: 'r3', companyId: 'c2', memberId: 'm2', sendKey: 'alert--r3--m2', costCents: 7 });
      await statistics.reportSubmitted({ reportId: 'r4', submittedAt: at('2026-06-16T09:00:00Z'), h3Cell: EUGENE });
      await statistics.alertSent({ reportId: 'r4', companyId: 'c1', memberId: 'm1', sendKey: 'alert--r4--m1', costCents: 7 });
      const client = createClient(InsightsService, createRouterTransport(buildInsightsService({ statistics, unserved: new MemoryUnservedDemandRepository(), ...noMembers(), clock: { now: () => at('2026-06-20T00:00:00Z') } }).routes));

      const answer = await client.listAssociationReports({ companyId: 'c1', since: timestampFromDate(at('2026-06-01T00:00:00Z')), until: timestampFromDate(at('2026-06-15T00:00:00Z')) });
      expect(answer.periodEnd && timestampDate(answer.periodEnd)).toEqual(at('2026-06-15T00:00:00Z'));
      expect(
        answer.reports.map(({ submittedAt, firstClaimedAt, ...row }) => ({ ...row, submittedAt: submittedAt && timestampDate(submittedAt), firstClaimedAt: firstClaimedAt && timestampDate(firstClaimedAt) })),
      ).toEqual([
        expect.objectContaining({ reportId: 'r2', submittedAt: at('2026-06-02T09:00:00Z'), h3Cell: PORTLAND, size: 'Basketball', elevationFeet: 30, firstClaimedAt: undefined, outcome: 'expired', claimOutcome: '', alertsSent: 1, alertsByText: 0, alertsByNotification: 0, alertsByEmail: 1, alertsCostCents: 0 }),
        expect.objectContaining({ reportId: 'r1', submittedAt: at('2026-06-03T09:00:00Z'), h3Cell: EUGENE, size: 'Softball', elevationFeet: 12, firstClaimedAt: at('2026-06-03T09:12:30Z'), minutesToFirstClaim: 12.5, outcome: 'claimed', claimOutcome: 'Captured', alertsSent: 1, alertsByText: 1, alertsByNotification: 1, alertsByEmail: 0, alertsCostCents: 7 }),
      ]);
      expect(answer.reports[0]?.minutesToFirstClaim).toBeUndefined();
    });

    it('answers INVALID_ARGUMENT for a reversed period, in words for the person who asked', async () => {
      const client = createClient(InsightsService, createRouterTransport(buildInsightsService({ statistics: new MemoryReportStatisticsRepository(), unserved: new MemoryUnservedDemandRepository(), ...noMembers(), clock: { now: () => at('2026-06-20T00:00:00Z') } }).routes));
      const error = await client.getAssociationMap({ companyId: 'c1', since: timestampFromDate(at('2026-06-21T00:00:00Z')) }).then(
        () => undefined,
        (caught: unknown) => ConnectError.from(caught),
      );
      expect([error?.code, error && domainErrorCode(error), error?.rawMessage]).toEqual([Code.InvalidArgument, 'INSIGHTS.INVALID_PERIOD', statisticsPeriodMessages.sinceAfterUntil]);
    });
  });
});
