import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createRouterTransport, createClient, Code, ConnectError } from '@connectrpc/connect';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { InProcessEventBus, ReportSubmittedEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { buildNotificationService } from './notification-service.js';

describe('notification service', () => {
  const bus = new InProcessEventBus(testLogger());
  afterEach(() => bus.close());

  it('records a dispatch for a submitted report and serves it over RPC', async () => {
    const dispatches = new MemoryDispatchRepository();
    const service = buildNotificationService({
      dispatches,
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
      clock: { now: () => new Date() },
      bus,
      logger: testLogger(),
    });
    const client = createClient(NotificationService, createRouterTransport(service.routes));
    const error = await client.getAlertDispatch({ reportId: 'nope' }).catch((caught: unknown) => caught);
    expect(ConnectError.from(error).code).toBe(Code.NotFound);
  });
});
