import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  AlertSentEvent,
  InProcessEventBus,
  MemberChangedEvent,
  MemoryOutbox,
  OutboxRelay,
  ReportClaimedEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  subscribeTo,
  type EventMessage,
} from '@swarm/runtime';
import { SwarmSize } from '@swarm/proto/report/v1/report';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from './adapters/alert-scheduler.contract.js';
import { DevOutboxSmsSender } from './adapters/dev-outbox/dev-outbox-sms-sender.js';
import { MemoryClaimRecordRepository } from './adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { MemorySentTextRepository } from './adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from './adapters/memory/memory-sms-opt-out-repository.js';
import { FakeReportLifecycle } from './app/inbound-fakes.test-support.js';
import { MemoryMemberSettingsRepository } from './adapters/memory/memory-member-settings-repository.js';
import { MemorySentAlertRepository } from './adapters/memory/memory-sent-alert-repository.js';
import { BullMqAlertScheduler } from './adapters/scheduler/bullmq-alert-scheduler.js';
import { InProcessAlertScheduler } from './adapters/scheduler/in-process-alert-scheduler.js';
import type { AlertScheduler } from './app/ports/alert-jobs.js';
import type { SmsMessage, SmsSender } from './app/ports/sms.js';
import { buildNotificationService } from './notification-service.js';
import { MemoryClaimTokenUseRepository } from './adapters/memory/memory-claim-token-use-repository.js';
import { FakeAlertBilling, FakeMemberDirectory, RecordingReporterTextEvents, withoutOtherChannels } from './testing/dispatch-fakes.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const location = { latitude: 45.5, longitude: -122.6 };
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

class FailingFirstSms implements SmsSender {
  failuresLeft = 0;
  constructor(readonly outbox: DevOutboxSmsSender) {}
  async send(message: SmsMessage) {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('provider answered 500');
    }
    return this.outbox.send(message);
  }
  findSent(message: SmsMessage) {
    return this.outbox.findSent(message);
  }
}

/** An in-process bus whose NATS is down for AlertSent while `down` is true: its publish fails as NATS's would. */
class FlakyBus extends InProcessEventBus {
  down = false;
  readonly alertSentPublished: string[] = [];
  override async publish(event: EventMessage): Promise<void> {
    if (event.type === AlertSentEvent.type) {
      if (this.down) throw new Error('nats: no responders available');
      this.alertSentPublished.push(event.id);
    }
    await super.publish(event);
  }
}

const schedulers: Record<string, (clock: ManualClock) => AlertScheduler> = {
  'in-process scheduler': (clock) => new InProcessAlertScheduler(clock, { attempts: 4, backoffMs: 10 }),
  'BullMQ on Redis': (clock) => new BullMqAlertScheduler({ redisUrl, prefix: `test-dispatch-${randomUUID()}`, clock, attempts: 4, backoffMs: 10 }),
};

describe.each(Object.entries(schedulers))('alert dispatch in the notification service (%s)', (_name, createScheduler) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start() {
    const clock = new ManualClock(NOW);
    const bus = new FlakyBus(testLogger());
    const eventOutbox = new MemoryOutbox();
    const relay = new OutboxRelay(eventOutbox, bus, testLogger(), { pollIntervalMs: 20 });
    const sentAlerts = new MemorySentAlertRepository(eventOutbox, () => relay.notify());
    const members = new FakeMemberDirectory();
    const billing = new FakeAlertBilling();
    const outbox = new DevOutboxSmsSender();
    const sms = new FailingFirstSms(outbox);
    const scheduler = createScheduler(clock);
    const claims = new MemoryClaimRecordRepository();
    members.phone('m1', '5035550101').phone('m2', '5035550102');
    const service = buildNotificationService({
      dispatches: new MemoryDispatchRepository(),
      clock,
      bus,
      logger: testLogger(),
      dispatch: {
        reporterTexts: new RecordingReporterTextEvents(),
        members,
        memberSettings: new MemoryMemberSettingsRepository(),
        billing,
        claims,
        scheduler,
        sms,
        sentAlerts,
        sentTexts: new MemorySentTextRepository(),
        optOuts: new MemorySmsOptOutRepository(),
        reports: new FakeReportLifecycle(),
        alertChannels: withoutOtherChannels(),
        claimTokenUses: new MemoryClaimTokenUseRepository(),
      },
    });
    const alertsSent: string[] = [];
    const sentSubscription = await subscribeTo(bus, 'test', AlertSentEvent, async (event) => {
      alertsSent.push(event.memberId);
    });
    const subscriptions = await service.subscribe();
    relay.start();
    cleanups.push(async () => {
      await relay.stop();
      await sentSubscription.stop();
      if (scheduler instanceof BullMqAlertScheduler) await scheduler.obliterate();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await bus.close();
    });
    return { clock, bus, members, billing, outbox, sms, scheduler, claims, alertsSent, eventOutbox };
  }

  const bothMembers = [
    { memberId: 'm1', distanceMiles: 1.5, companyId: 'c1', companyName: 'Bees' },
    { memberId: 'm2', distanceMiles: 2.5, companyId: 'c1', companyName: 'Bees' },
  ];
  /** ReportSubmitted as the report service publishes it: coverage and the alert's content included. */
  const submit = (bus: FlakyBus, coverage = bothMembers, reportId = 'r1', claimCode = '54321') =>
    bus.publish(
      ReportSubmittedEvent.toMessage(`submitted-${reportId}`, {
        reportId,
        claimCode,
        size: SwarmSize.SOFTBALL,
        elevationFeet: 6,
        location,
        submittedAt: timestampFromDate(new Date(NOW.getTime() - 60_000)),
        expiresAt: timestampFromDate(new Date(NOW.getTime() - 60_000 + 72 * 3_600_000)),
        coverage,
      }),
    );

  it('alerts covering members by SMS, charging each once, and publishes AlertSent; a failed send is retried', async () => {
    const { bus, outbox, sms, billing, alertsSent, claims, clock } = await start();
    // m2 claimed twice this week: its alert waits 20 minutes.
    await claims.recordClaim({ reportId: 'x1', memberId: 'm2', claimedAt: new Date(NOW.getTime() - 86_400_000) });
    await claims.recordClaim({ reportId: 'x2', memberId: 'm2', claimedAt: new Date(NOW.getTime() - 86_400_000) });
    sms.failuresLeft = 2;
    await submit(bus);

    // Retries wait on the injected clock (in-process) or the wall clock (BullMQ): move the first along meanwhile.
    await waitUntil(
      async () => {
        clock.advance(100);
        return outbox.list().length === 1 && alertsSent.length === 1;
      },
      4_000,
      'the first alert',
    );
    expect(outbox.list()[0]).toMatchObject({ to: '5035550101', body: 'Swarm Alert: Softball swarm, 6 ft up, 1.5 mi from home. To claim it, reply with the code 54321' });
    expect(billing.charges.size).toBe(1);
    expect(alertsSent).toEqual(['m1']);
  });

  it('keeps AlertSent in the outbox while the bus fails to publish it, and publishes it exactly once when the bus works again', async () => {
    const { bus, outbox, alertsSent, eventOutbox, scheduler } = await start();
    bus.down = true;
    await submit(bus, bothMembers.slice(0, 1));

    await waitUntil(async () => outbox.list().length === 1 && (await eventOutbox.pending(10)).length === 1, 10_000, 'the alert and its pending event');
    // The job is done (not failing and retried), and the relay keeps trying while the bus is down.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing is left: the report's expiry is the report service's timer.
    expect(await scheduler.pending()).toEqual([]);
    expect((await eventOutbox.pending(10)).map((message) => message.id)).toEqual(['alert-sent--alert--r1--m1--submitted']);
    expect(alertsSent).toEqual([]);

    bus.down = false;
    await waitUntil(async () => alertsSent.length === 1 && (await eventOutbox.pending(10)).length === 0, 10_000, 'AlertSent published');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alertsSent).toEqual(['m1']);
    expect(bus.alertSentPublished).toEqual(['alert-sent--alert--r1--m1--submitted']);
    expect(outbox.list()).toHaveLength(1);
  });

  it('schedules a member with recent claims later, and cancels pending alerts once the report is claimed', async () => {
    const { bus, scheduler, claims, clock } = await start();
    await claims.recordClaim({ reportId: 'x1', memberId: 'm1', claimedAt: NOW });
    await claims.recordClaim({ reportId: 'x1', memberId: 'm2', claimedAt: NOW });
    await submit(bus);
    const alerts = async () => (await scheduler.pending()).filter((p) => p.job.kind === 'alert');
    await waitUntil(async () => (await alerts()).length === 2, 10_000, 'two pending alerts');
    expect((await alerts()).map((p) => p.runAt)).toEqual([new Date(clock.now().getTime() + 10 * 60_000), new Date(clock.now().getTime() + 10 * 60_000)]);

    await bus.publish(ReportClaimedEvent.toMessage('claimed-r1', { reportId: 'r1', memberId: 'm9', claimedAt: timestampFromDate(NOW) }));
    await waitUntil(async () => (await alerts()).length === 0, 10_000, 'the alerts to be cancelled');
    // The outcome prompt took their place; the claim's close is the report service's timer.
    expect((await scheduler.pending()).map((p) => p.job.kind)).toEqual(['outcome-prompt']);
  });

  it('keeps its copy of members current from member.changed: a member who turned on Do Not Disturb is not texted', async () => {
    const { bus, outbox, members } = await start();
    await submit(bus, bothMembers, 'r0', '11111');
    await waitUntil(async () => outbox.list().length === 2, 10_000, 'the alerts of a first report');
    // Alerts due together leave in a shuffled order, so the ids asked come in any order.
    const asked = () => members.asked.map((memberIds) => [...memberIds].sort());
    expect(asked()).toEqual([['m1', 'm2']]);

    members.windows('m1', { doNotDisturb: true });
    await bus.publish(MemberChangedEvent.toMessage('member-changed--m1', { memberId: 'm1', version: members.current('m1').version }));
    await waitUntil(async () => members.asked.length === 2, 10_000, 'the settings read again');
    await submit(bus);
    await waitUntil(async () => outbox.list().length === 3, 10_000, 'the alert of the second report');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outbox.list().filter((sms) => sms.body.includes('54321')).map((sms) => sms.to)).toEqual(['5035550102']);
    expect(asked()).toEqual([['m1', 'm2'], ['m1']]);
  });

  it('re-alerts everyone but the un-claimer after an un-claim, without charging twice', async () => {
    const { bus, outbox, billing, alertsSent } = await start();
    await submit(bus);
    await waitUntil(async () => outbox.list().length === 2, 10_000, 'both alerts');
    await bus.publish(ReportClaimedEvent.toMessage('claimed-r1', { reportId: 'r1', memberId: 'm1', claimedAt: timestampFromDate(NOW) }));
    await bus.publish(ReportUnclaimedEvent.toMessage('unclaimed-r1', { reportId: 'r1', memberId: 'm1', unclaimedAt: timestampFromDate(new Date(NOW.getTime() + 1)) }));

    await waitUntil(async () => outbox.list().length === 3, 10_000, 'the re-alert');
    expect(outbox.list()[0]?.to).toBe('5035550102');
    expect(billing.charges.size).toBe(2);
    expect(billing.balances.get('c1')).toBe(100 - 14);
    await waitUntil(async () => alertsSent.length === 3, 10_000, 'three AlertSent events');
  });
});
