import { BadReportReason } from '@swarm/proto/report/v1/report';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { InProcessEventBus, ReportClaimedEvent, ReportMarkedBadEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from './adapters/dev-outbox/dev-outbox-sms-sender.js';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { MemoryInboundSmsRepository } from './adapters/memory/memory-inbound-sms-repository.js';
import { FakeMemberContacts, FakeReportClaims, FakeReportLifecycle } from './app/inbound-fakes.test-support.js';
import { MemorySentTextRepository } from './adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from './adapters/memory/memory-sms-opt-out-repository.js';
import type { Mailer } from './app/ports/inbound.js';
import { claimedReply } from './domain/inbound-sms.js';
import { REPORTER_HELP_REPLY } from './domain/follow-up-texts.js';
import { buildNotificationService } from './notification-service.js';
import { MemoryOutbox } from '@swarm/runtime';
import { InProcessAlertScheduler } from './adapters/scheduler/in-process-alert-scheduler.js';
import { MemoryClaimRecordRepository } from './adapters/memory/memory-claim-record-repository.js';
import { MemoryMemberSettingsRepository } from './adapters/memory/memory-member-settings-repository.js';
import { MemorySentAlertRepository } from './adapters/memory/memory-sent-alert-repository.js';
import { MemoryClaimTokenUseRepository } from './adapters/memory/memory-claim-token-use-repository.js';
import { FakeAlertBilling, FakeMemberDirectory, RecordingReporterTextEvents, withoutOtherChannels } from './testing/dispatch-fakes.js';

describe('notification service: inbound SMS and claim follow-ups', () => {
  const bus = new InProcessEventBus(testLogger());
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await bus.close();
  });

  const setUp = async (options: { devOutbox?: boolean } = {}) => {
    const sms = new DevOutboxSmsSender();
    const emails: Parameters<Mailer['send']>[0][] = [];
    const reports = new FakeReportClaims([{ reportId: 'report-1', claimCode: '12345', alerted: ['ada'] }]);
    const clock = { now: () => new Date('2026-06-01T18:00:00Z') };
    const optOuts = new MemorySmsOptOutRepository();
    const sentTexts = new MemorySentTextRepository();
    // Dispatch sends every text, the location text included, by a job of its own.
    const scheduler = new InProcessAlertScheduler(clock);
    const service = buildNotificationService({
      dispatches: new MemoryDispatchRepository(),
      clock,
      bus,
      logger: testLogger(),
      dispatch: {
        reporterTexts: new RecordingReporterTextEvents(),
        // The location goes by the channels the member service gives (text message only, as a member who never chose).
        members: new FakeMemberDirectory().phone('ada', '5035550100'),
        memberSettings: new MemoryMemberSettingsRepository(),
        billing: new FakeAlertBilling(),
        claims: new MemoryClaimRecordRepository(),
        scheduler,
        sms,
        sentAlerts: new MemorySentAlertRepository(new MemoryOutbox()),
        sentTexts,
        optOuts,
        reports: new FakeReportLifecycle(),
        alertChannels: withoutOtherChannels(),
        claimTokenUses: new MemoryClaimTokenUseRepository(),
      },
      inbound: {
        messages: new MemoryInboundSmsRepository(),
        members: new FakeMemberContacts({ ada: '5035550100' }),
        reports,
        sms,
        mailer: { send: async (message) => void emails.push(message) },
        adminEmail: 'admin@example.org',
        devOutbox: options.devOutbox === false ? undefined : sms,
        lifecycle: new FakeReportLifecycle(),
        sentTexts,
        optOuts,
      },
    });
    const subscriptions = await service.subscribe();
    cleanups.push(() => Promise.all(subscriptions.map((subscription) => subscription.stop())));
    return { sms, emails, reports, client: createClient(NotificationService, createRouterTransport(service.routes)) };
  };

  it('claims by SMS over RPC, then texts the location when report.claimed arrives, and lists it in the dev outbox', async () => {
    const { sms, client } = await setUp();
    expect((await client.handleInboundSms({ from: '+15035550100', body: '12345', messageSid: 'SM1' })).reply).toBe(claimedReply('12345'));
    await bus.publish(
      ReportClaimedEvent.toMessage('claim-1', { reportId: 'report-1', memberId: 'ada', claimedAt: timestampFromDate(new Date('2026-06-01T18:00:01Z')) }),
    );
    await waitUntil(async () => sms.list().length === 1, 2_000, 'the location text');
    // The bus delivering the event again sends nothing more.
    await bus.publish(
      ReportClaimedEvent.toMessage('claim-1-again', { reportId: 'report-1', memberId: 'ada', claimedAt: timestampFromDate(new Date('2026-06-01T18:00:01Z')) }),
    );
    const listed = await client.listDevOutboxSms({});
    expect(listed.enabled).toBe(true);
    expect(listed.messages).toHaveLength(1);
    expect(listed.messages[0]).toMatchObject({ to: '5035550100' });
    expect(listed.messages[0]?.body).toContain('Swarm 12345 is yours');
  });

  it('emails the administrator when a report is marked bad', async () => {
    const { emails } = await setUp();
    await bus.publish(
      ReportMarkedBadEvent.toMessage('bad-1', { reportId: 'report-9', memberId: 'ada', reason: BadReportReason.MOVED_ON, markedAt: timestampFromDate(new Date()) }),
    );
    await waitUntil(async () => emails.length === 1, 2_000, 'the admin email');
    expect(emails[0]).toMatchObject({ to: 'admin@example.org' });
    expect(emails[0]?.text).toContain('report-9');
    expect(emails[0]?.text).toContain('Swarm moved on');
  });

  it('answers a malformed inbound SMS with INVALID_ARGUMENT, a sender outside the US with nothing and an unknown sender with the reporter’s help', async () => {
    const { client } = await setUp();
    const error = await client.handleInboundSms({ from: '+15035550199', body: 'STOP', messageSid: 'SM 1' }).catch((caught: unknown) => ConnectError.from(caught));
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect((await client.handleInboundSms({ from: '+447700900123', body: 'STOP', messageSid: 'SM3' })).reply).toBe('');
    expect((await client.handleInboundSms({ from: '+15035550199', body: '12345', messageSid: 'SM2' })).reply).toBe(REPORTER_HELP_REPLY);
  });

  it('reports the dev outbox disabled when SMS are really sent', async () => {
    const { client } = await setUp({ devOutbox: false });
    expect(await client.listDevOutboxSms({})).toMatchObject({ enabled: false, messages: [] });
  });

  it('answers UNIMPLEMENTED for inbound SMS when the service is built without it', async () => {
    const service = buildNotificationService({
      dispatches: new MemoryDispatchRepository(),
      clock: { now: () => new Date() }, bus, logger: testLogger() });
    const client = createClient(NotificationService, createRouterTransport(service.routes));
    const error = await client.handleInboundSms({ from: '+15035550100', body: 'STOP', messageSid: 'SM1' }).catch((caught: unknown) => ConnectError.from(caught));
    expect((error as ConnectError).code).toBe(Code.Unimplemented);
  });
});
