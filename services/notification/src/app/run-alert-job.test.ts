import { AlertSentEvent, MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemoryReportStatisticsRepository } from '../adapters/memory/memory-report-statistics-repository.js';
import { MemorySentAlertRepository } from '../adapters/memory/memory-sent-alert-repository.js';
import { alertJob, escalationJob, type AlertJob } from '../domain/alert-schedule.js';
import type { AlertSent, SentAlert } from '../domain/sent-alert.js';
import { ALL_DAY, FakeAlertBilling, FakeMemberDirectory, memberSettingsFrom, seedDispatch, silentLog } from '../testing/dispatch-fakes.js';
import type { SmsMessage, SmsSender } from './ports/sms.js';
import { RunAlertJob } from './run-alert-job.js';

const NOW = new Date('2026-06-01T18:00:00Z');

class FlakySms implements SmsSender {
  failuresLeft = 0;
  readonly outbox = new DevOutboxSmsSender();
  async send(message: SmsMessage) {
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('provider answered 503');
    }
    return this.outbox.send(message);
  }
}

/** Sent alerts whose store fails on demand, like MongoDB during a failover. */
class FlakySentAlerts extends MemorySentAlertRepository {
  failRecords = 0;
  failAbandons = 0;
  override async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent) {
    if (this.failRecords > 0) {
      this.failRecords -= 1;
      throw new Error('mongo unavailable');
    }
    return super.recordSent(alert, event);
  }
  override async abandonSending(sendKey: string) {
    if (this.failAbandons > 0) {
      this.failAbandons -= 1;
      throw new Error('mongo unavailable');
    }
    return super.abandonSending(sendKey);
  }
}

describe('RunAlertJob', () => {
  let members: FakeMemberDirectory;
  let billing: FakeAlertBilling;
  let dispatches: MemoryDispatchRepository;
  let sms: FlakySms;
  let outbox: MemoryOutbox;
  let sentAlerts: FlakySentAlerts;
  let statistics: MemoryReportStatisticsRepository;
  let run: RunAlertJob;
  const job: AlertJob = alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.345, round: 'submitted' });

  beforeEach(async () => {
    members = new FakeMemberDirectory();
    billing = new FakeAlertBilling();
    sms = new FlakySms();
    outbox = new MemoryOutbox();
    sentAlerts = new FlakySentAlerts(outbox);
    members.phone('m1', '5035550100');
    dispatches = new MemoryDispatchRepository();
    await seedDispatch(dispatches, { reportId: 'r1', claimCode: '04217', size: 'Basketball', elevationFeet: 12 });
    statistics = new MemoryReportStatisticsRepository();
    await statistics.reportSubmitted({ reportId: 'r1', submittedAt: NOW });
    run = new RunAlertJob({ members: memberSettingsFrom(members), billing, dispatches, sms, sentAlerts, statistics, clock: new ManualClock(NOW), log: silentLog });
  });

  const alertsSentInOutbox = async () => (await outbox.pending(100)).filter((message) => message.type === AlertSentEvent.type);

  it('charges, sends the SMS and records it sent with its AlertSent event (what the report records) in the outbox', async () => {
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.charges.get('r1/m1')).toEqual({ companyId: 'c1' });
    expect(sms.outbox.list()).toEqual([
      expect.objectContaining({
        to: '5035550100',
        body: 'Swarm Alert: Basketball swarm, 12 ft up, 2.3 mi from home. To claim it, reply with the code 04217',
      }),
    ]);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent', reportId: 'r1', memberId: 'm1', companyId: 'c1', sentAt: NOW, providerId: expect.any(String) });
    const events = await alertsSentInOutbox();
    expect(events.map((event) => event.id)).toEqual(['alert-sent--alert--r1--m1--submitted']);
    expect(AlertSentEvent.decode(events[0]!)).toMatchObject({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.345 });
  });

  it.each(['claimed', 'bad'] as const)('drops the alert when the report is %s: no charge, no SMS', async (state) => {
    await dispatches.changeReportState('r1', { state, at: NOW });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(0);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('drops the alert when the member turned on Do Not Disturb meanwhile', async () => {
    members.windows('m1', { doNotDisturb: true });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(0);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('puts the alert back to the start of the member’s next window, uncharged', async () => {
    // Monday 18:00 UTC is outside a 16:00–17:00 window; the next opens on Tuesday.
    members.windows('m1', { days: Array.from({ length: 7 }, () => ({ fromHour: 16, toHour: 17 })) });
    expect(await run.execute(job)).toEqual({ kind: 'reschedule', runAt: new Date('2026-06-02T16:00:00Z') });
    expect(billing.charges.size).toBe(0);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('drops the alert, unsent and unrecorded, when the association cannot pay', async () => {
    billing.balances.set('c1', 5);
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(await alertsSentInOutbox()).toEqual([]);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('drops the alert uncharged when the member lowered their height limit below the swarm, or left', async () => {
    members.windows('m1', { elevationMaximumFeet: 10 });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    members.left.add('m2');
    expect(await run.execute({ ...job, memberId: 'm2', jobId: 'alert--r1--m2' })).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(0);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('reads the member’s settings from the member service once and then from its own copy', async () => {
    await run.execute(job);
    await run.execute({ ...job, round: 'unclaimed-1' });
    expect(members.asked).toEqual([['m1']]);
  });

  it('confirms holding an alert back with the member’s current settings: a window opened since the copy sends at once', async () => {
    members.windows('m1', { days: Array.from({ length: 7 }, () => ({ fromHour: 16, toHour: 17 })) });
    expect(await run.execute(job)).toEqual({ kind: 'reschedule', runAt: new Date('2026-06-02T16:00:00Z') });
    members.windows('m1', { days: ALL_DAY });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toHaveLength(1);
    expect(members.asked).toEqual([['m1'], ['m1'], ['m1']]);
  });

  it('drops the alert uncharged when the member has no phone number', async () => {
    members.phone('m1', '');
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(0);
  });

  it('fails a send so the scheduler retries, and the retry charges nothing more', async () => {
    sms.failuresLeft = 2;
    await expect(run.execute(job)).rejects.toThrow('503');
    await expect(run.execute(job)).rejects.toThrow('503');
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.balances.get('c1')).toBe(93);
    expect(billing.charges.size).toBe(1);
    expect(sms.outbox.list()).toHaveLength(1);
  });

  it('drops the alert of a report this service never received: no charge, no SMS', async () => {
    expect(await run.execute({ ...job, reportId: 'unknown' })).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(0);
    expect(sms.outbox.list()).toEqual([]);
  });

  it('fails the run when the sent alert cannot be recorded; the retry records it and its event once without texting again', async () => {
    sentAlerts.failRecords = 1;
    await expect(run.execute(job)).rejects.toThrow('mongo unavailable');
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await alertsSentInOutbox()).toEqual([]);

    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent' });
    expect((await alertsSentInOutbox()).map((event) => event.id)).toEqual(['alert-sent--alert--r1--m1--submitted']);
  });

  it('neither texts nor appends again when a job that completed runs again', async () => {
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await alertsSentInOutbox()).toHaveLength(1);
  });

  it('texts again after an un-claim re-alerts the member: a new round is a new alert', async () => {
    await run.execute(job);
    await run.execute({ ...job, round: 'unclaimed-1' });
    expect(sms.outbox.list()).toHaveLength(2);
    expect((await alertsSentInOutbox()).map((event) => event.id)).toEqual([
      'alert-sent--alert--r1--m1--submitted',
      'alert-sent--alert--r1--m1--unclaimed-1',
    ]);
  });

  it('records no sent alert and no event when the provider refuses the SMS', async () => {
    sms.failuresLeft = 1;
    await expect(run.execute(job)).rejects.toThrow('503');
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toBeUndefined();
    expect(await alertsSentInOutbox()).toEqual([]);
  });

  it('does not text on a retry when a refused send could not be forgotten: at most one SMS per alert', async () => {
    sms.failuresLeft = 1;
    sentAlerts.failAbandons = 1;
    await expect(run.execute(job)).rejects.toThrow('503');
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toEqual([]);
    expect(await alertsSentInOutbox()).toHaveLength(1);
  });

  describe('the wider alert of the escalation', () => {
    const wider = escalationJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 31.2 });
    const alertsInStatistics = async () => (await statistics.findAlertingAssociation('c1', new Date(0), new Date('2100-01-01')))[0]?.alerts;

    it('says it is a wider alert, is charged as usual and counted for the association', async () => {
      expect(await run.execute(wider)).toEqual({ kind: 'done' });
      expect(sms.outbox.list().map((message) => message.body)).toEqual([
        'Swarm Alert, wider alert (still unclaimed): Basketball swarm, 12 ft up, 31.2 mi from home. To claim it, reply with the code 04217',
      ]);
      expect(billing.charges.get('r1/m1')).toEqual({ companyId: 'c1' });
      expect(await alertsInStatistics()).toEqual([{ companyId: 'c1', count: 1, costCents: 7 }]);
    });

    it('goes to a member at most once per report, ever', async () => {
      await run.execute(wider);
      await run.execute(wider);
      expect(sms.outbox.list()).toHaveLength(1);
      expect(await alertsInStatistics()).toEqual([{ companyId: 'c1', count: 1, costCents: 7 }]);
    });

    it('is dropped for a member already alerted about the report', async () => {
      await run.execute(job);
      expect(await run.execute(wider)).toEqual({ kind: 'done' });
      expect(sms.outbox.list()).toHaveLength(1);
      expect(sms.outbox.list()[0]?.body).not.toMatch(/wider/);
    });

    it('is dropped once the report is no longer active', async () => {
      await dispatches.changeReportState('r1', { state: 'expired', at: NOW });
      expect(await run.execute(wider)).toEqual({ kind: 'done' });
      expect(sms.outbox.list()).toEqual([]);
      expect(billing.charges.size).toBe(0);
    });
  });
});
