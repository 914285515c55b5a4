import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, createClient, Code, ConnectError } from '@connectrpc/connect';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { domainErrorCode, InProcessEventBus, ReportSubmittedEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
import { buildNotificationService } from './notification-service.js';

describe('notification service', () => {
  const bus = new InProcessEventBus(testLogger());
  afterEach(() => bus.close());

  it('records a dispatch for a submitted report and serves it over RPC', async () => {
    const dispatches = new MemoryDispatchRepository();
    const service = buildNotificationService({
      dispatches,
      statistics: new MemoryReportStatisticsRepository(),
      clock: { now: () => new Date('2026-06-01T12:00:00Z') },
      bus,
      logger: testLogger(),
    });
    await service.subscribe();
    await bus.publish(
      ReportSubmittedEvent.toMessage('event-1', {
        reportId: 'report-1',
        claimCode: '12345',
        location: { latitude: 45.5, longitude: -122.6 },
        submittedAt: timestampFromDate(new Date('2026-06-01T11:59:00Z')),
        expiresAt: timestampFromDate(new Date('2026-06-04T11:59:00Z')),
      }),
    );
    await waitUntil(async () => (await dispatches.findByReportId('report-1')) !== undefined, 2_000, 'the dispatch');

    const client = createClient(NotificationService, createRouterTransport(service.routes));
    const { dispatch } = await client.getAlertDispatch({ reportId: 'report-1' });
    expect(dispatch?.reportId).toBe('report-1');
    expect(dispatch?.receivedAt?.seconds).toBe(BigInt(Date.parse('2026-06-01T12:00:00Z') / 1000));
  });

  it('answers NOT_FOUND for a report it has not received', async () => {
    const service = buildNotificationService({
      dispatches: new MemoryDispatchRepository(),
      statistics: new MemoryReportStatisticsRepository(),
      clock: { now: () => new Date() },
      bus,
      logger: testLogger(),
    });
    const client = createClient(NotificationService, createRouterTransport(service.routes));
    const error = await client.getAlertDispatch({ reportId: 'nope' }).catch((caught: unknown) => caught);
    expect(ConnectError.from(error).code).toBe(Code.NotFound);
  });

  describe('association statistics', () => {
    const at = (iso: string) => new Date(iso);
    const serviceWith = (statistics: MemoryReportStatisticsRepository) =>
      createClient(
        NotificationService,
        createRouterTransport(buildNotificationService({ dispatches: new MemoryDispatchRepository(), statistics, clock: { now: () => at('2026-06-20T00:00:00Z') }, bus, logger: testLogger() }).routes),
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
        expect(error && domainErrorCode(error)).toBe('NOTIFICATION.INVALID_PERIOD');
        expect(error?.rawMessage).toBe(message);
      }
    });
  });
});
