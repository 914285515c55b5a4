import { InProcessEventBus, MemoryOutbox, OutboxRelay, type Subscription } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArmReportTimers } from '../../app/arm-report-timers.js';
import { ClaimReport } from '../../app/claim-report.js';
import type { ReportLifecycleScheduler, ReportTimer } from '../../app/ports.js';
import { MarkReportBad } from '../../app/mark-report-bad.js';
import { reportSubmitted } from '../../domain/report-events.js';
import { MemoryReportRepository } from '../memory/memory-report-repository.js';
import { aReport, anAlert } from '../report-repository.contract.js';
import { InProcessReportLifecycleScheduler } from '../scheduler/in-process-report-lifecycle-scheduler.js';
import { subscribeToReportTimerChanges } from './report-timer-subscribers.js';

/** Fails its first `failures` armings, as a scheduler whose Redis is away. */
class FlakyScheduler extends InProcessReportLifecycleScheduler {
  constructor(private failures: number) {
    super({ now: () => new Date('2026-06-01T12:00:00Z') });
  }
  override async schedule(timer: ReportTimer): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('redis away');
    }
    await super.schedule(timer);
  }
}

describe("the report service following its own changes to arm the reports' timers", () => {
  const now = new Date('2026-06-01T12:00:00Z');
  let bus: InProcessEventBus;
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let relay: OutboxRelay;
  let subscriptions: Subscription[];
  const ids = { newId: (() => { let id = 0; return () => `event-${(id += 1)}`; })() };

  async function follow(timers: ReportLifecycleScheduler) {
    subscriptions = await subscribeToReportTimerChanges(bus, new ArmReportTimers({ reports, timers }, { reportActiveHours: 72 }), testLogger());
  }

  beforeEach(() => {
    bus = new InProcessEventBus(testLogger());
    outbox = new MemoryOutbox();
    relay = new OutboxRelay(outbox, bus, testLogger(), { pollIntervalMs: 20 });
    reports = new MemoryReportRepository(outbox, () => relay.notify());
    relay.start();
  });
  afterEach(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await relay.stop();
    await bus.close();
  });

  it('arms the expiry of a submitted report, the close once it is claimed, and nothing once it is marked bad', async () => {
    const timers = new InProcessReportLifecycleScheduler({ now: () => now });
    await follow(timers);
    const report = aReport({ activeSince: now });
    await reports.create(report, [reportSubmitted(report, 'submitted-1', [])]);
    await waitUntil(async () => (await timers.pending()).length === 1, 2_000, 'the expiry');
    expect(await timers.pending()).toEqual([{ kind: 'expire', reportId: report.reportId, at: new Date('2026-06-04T12:00:00Z') }]);

    await reports.recordAlert(anAlert({ reportId: report.reportId, memberId: 'm-1' }));
    await new ClaimReport({ reports, clock: { now: () => now }, ids }).execute(report.reportId, 'm-1');
    await waitUntil(async () => (await timers.pending())[0]?.kind === 'close', 2_000, 'the close');
    expect(await timers.pending()).toEqual([{ kind: 'close', reportId: report.reportId, at: new Date('2026-06-04T12:00:00Z') }]);

    await new MarkReportBad({ reports, clock: { now: () => now }, ids }).execute(report.reportId, 'm-1', 'Other');
    await waitUntil(async () => (await timers.pending()).length === 0, 2_000, 'no timer left');
  });

  it('arms the timer on redelivery when arming failed the first time', async () => {
    const timers = new FlakyScheduler(1);
    await follow(timers);
    const report = aReport({ activeSince: now });
    await reports.create(report, []);
    await reports.recordAlert(anAlert({ reportId: report.reportId, memberId: 'm-1' }));
    await new ClaimReport({ reports, clock: { now: () => now }, ids }).execute(report.reportId, 'm-1');
    // The in-process bus delivers a failed event again after a second.
    await waitUntil(async () => (await timers.pending()).length === 1, 5_000, 'the close, armed on redelivery');
    expect(await timers.pending()).toEqual([{ kind: 'close', reportId: report.reportId, at: new Date('2026-06-04T12:00:00Z') }]);
  });
});
