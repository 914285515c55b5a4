import { AlertSentEvent, MemoryOutbox } from '@swarm/runtime';
import { AlertChannel as ProtoAlertChannel } from '@swarm/proto/common/v1/channel';
import { beforeEach, describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemorySentAlertRepository } from '../adapters/memory/memory-sent-alert-repository.js';
import { alertJob, escalationJob, type AlertJob } from '../domain/alert-schedule.js';
import type { AlertSent, SentAlert } from '../domain/sent-alert.js';
import { ALL_DAY, FakeAlertBilling, FakeMemberDirectory, memberSettingsFrom, seedDispatch, silentLog, withoutOtherChannels } from '../testing/dispatch-fakes.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemoryMemberSettingsRepository } from '../adapters/memory/memory-member-settings-repository.js';
import { SmsRefusedError, type SmsMessage, type SmsSender } from './ports/sms.js';
import type { PushOptions, PushOutcome, PushSender } from './ports/push.js';
import type { PushPayload } from '../domain/push-payload.js';
import { RunAlertJob } from './run-alert-job.js';

const NOW = new Date('2026-06-01T18:00:00Z');

/**
 * A provider that fails on demand: `failuresLeft` sends answer 503 (nothing taken), `lostAnswers` take the message and
 * lose the answer (a timeout, or the sender died while the provider held it), `refuse` refuses for good.
 */
class FlakySms implements SmsSender {
  failuresLeft = 0;
  lostAnswers = 0;
  refuse: string | undefined;
  lookups = 0;
  readonly outbox = new DevOutboxSmsSender();
  async send(message: SmsMessage) {
    if (this.refuse) throw new SmsRefusedError(this.refuse);
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('provider answered 503');
    }
    const sent = await this.outbox.send(message);
    if (this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      throw new Error('socket hang up');
    }
    return sent;
  }
  async findSent(message: SmsMessage & { since: Date; excluding?: readonly string[] }) {
    this.lookups += 1;
    return this.outbox.findSent(message);
  }
}

/** Sent alerts whose store fails on demand, like MongoDB during a failover. */
class FlakySentAlerts extends MemorySentAlertRepository {
  failRecords = 0;
  override async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent) {
    if (this.failRecords > 0) {
      this.failRecords -= 1;
      throw new Error('mongo unavailable');
    }
    return super.recordSent(alert, event);
  }
}

const CHANNEL_LABELS: Partial<Record<ProtoAlertChannel, string>> = { [ProtoAlertChannel.SMS]: 'sms', [ProtoAlertChannel.PUSH]: 'push', [ProtoAlertChannel.EMAIL]: 'email' };

/** What the AlertSent events in the outbox tell the association statistics of each alert. */
async function alertSentEventsIn(outbox: MemoryOutbox) {
  return (await outbox.pending(100))
    .filter((message) => message.type === AlertSentEvent.type)
    .map((message) => AlertSentEvent.decode(message))
    .map(({ sendKey, companyId, costCents, channels, smsPriceCents }) => ({ sendKey, companyId, costCents, channels: channels.map((channel) => CHANNEL_LABELS[channel]), smsPriceCents }));
}

describe('RunAlertJob', () => {
  let members: FakeMemberDirectory;
  let billing: FakeAlertBilling;
  let dispatches: MemoryDispatchRepository;
  let sms: FlakySms;
  let outbox: MemoryOutbox;
  let sentAlerts: FlakySentAlerts;
  let sentTexts: MemorySentTextRepository;
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
    sentTexts = new MemorySentTextRepository();
    run = new RunAlertJob({ ...withoutOtherChannels(), memberDirectory: members, sentTexts, members: memberSettingsFrom(members), billing, dispatches, sms, sentAlerts, clock: new ManualClock(NOW), log: silentLog });
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

  it('keeps the send noted when the provider fails, and the retry texts once and charges once', async () => {
    sms.failuresLeft = 1;
    await expect(run.execute(job)).rejects.toThrow('503');
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sending' });
    expect(await alertsSentInOutbox()).toEqual([]);
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.lookups).toBe(1);
    expect(sms.outbox.list()).toHaveLength(1);
    expect(billing.charges.size).toBe(1);
    expect(await alertsSentInOutbox()).toHaveLength(1);
  });

  it('finds at the provider a text whose answer was lost: the retry records it without texting again', async () => {
    sms.lostAnswers = 1;
    await expect(run.execute(job)).rejects.toThrow('socket hang up');
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent', providerId: sms.outbox.list()[0]?.providerId });
    expect(billing.balances.get('c1')).toBe(93);
    expect(await alertsSentInOutbox()).toHaveLength(1);
    expect(await alertSentEventsIn(outbox)).toMatchObject([{ costCents: 7, channels: ['sms'] }]);
  });

  it('charges and texts once when a run died between noting the send and charging it', async () => {
    await sentAlerts.beginSending({ sendKey: 'alert--r1--m1--submitted', reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.345, startedAt: NOW });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.charges.size).toBe(1);
    expect(sms.outbox.list()).toHaveLength(1);
  });

  it('gives up an interrupted alert, refunded, when the report was claimed before it could go out', async () => {
    sms.failuresLeft = 1;
    await expect(run.execute(job)).rejects.toThrow('503');
    await dispatches.changeReportState('r1', { state: 'claimed', at: NOW });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toEqual([]);
    expect(billing.refunds).toEqual([{ reportId: 'r1', memberId: 'm1', reason: 'Alert not sent: the report was no longer active when the alert could go out' }]);
    expect(billing.balances.get('c1')).toBe(100);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'failed' });
    expect(await alertsSentInOutbox()).toEqual([]);
  });

  it('keeps an alert the provider refuses for good as failed, refunds its charge, and counts no alert', async () => {
    sms.refuse = 'Twilio 21211: invalid To number';
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(billing.refunds).toEqual([{ reportId: 'r1', memberId: 'm1', reason: 'Alert not sent: text message: Twilio 21211: invalid To number' }]);
    expect(billing.balances.get('c1')).toBe(100);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'failed', failedReason: 'text message: Twilio 21211: invalid To number' });
    expect(await alertsSentInOutbox()).toEqual([]);

    sms.refuse = undefined;
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toEqual([]);
    expect(billing.refunds).toHaveLength(1);
  });

  it('gives up, refunded, on the last attempt while the provider is down', async () => {
    sms.failuresLeft = 1;
    expect(await run.execute(job, { final: true })).toEqual({ kind: 'done' });
    expect(billing.refunds).toEqual([{ reportId: 'r1', memberId: 'm1', reason: 'Alert not sent: text message: unavailable (provider answered 503)' }]);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'failed' });
  });

  it('keeps the charge when a re-alert fails but an earlier round reached the member (one charge per report and member)', async () => {
    await run.execute(job);
    sms.refuse = 'Twilio 21610: unsubscribed recipient';
    expect(await run.execute({ ...job, round: 'unclaimed-1' })).toEqual({ kind: 'done' });
    expect(billing.refunds).toEqual([]);
    expect(billing.charges.size).toBe(1);
  });

  it('does not take an earlier round’s identical text for an interrupted re-alert', async () => {
    await run.execute(job);
    sms.failuresLeft = 1;
    await expect(run.execute({ ...job, round: 'unclaimed-1' })).rejects.toThrow('503');
    const differentKeysSameText = new FlakySms();
    // A provider without keys matches by number and text: the first round's message is excluded by its id.
    differentKeysSameText.findSent = async (message) => {
      const first = sms.outbox.list().find((sent) => sent.body === message.body && !message.excluding?.includes(sent.providerId));
      return first && { providerId: first.providerId };
    };
    differentKeysSameText.send = (message) => sms.send(message);
    const rerun = new RunAlertJob({ ...withoutOtherChannels(), memberDirectory: members, sentTexts, members: memberSettingsFrom(members), billing, dispatches, sms: differentKeysSameText, sentAlerts, clock: new ManualClock(NOW), log: silentLog });
    expect(await rerun.execute({ ...job, round: 'unclaimed-1' })).toEqual({ kind: 'done' });
    expect(sms.outbox.list()).toHaveLength(2);
  });

  describe('the wider alert of the escalation', () => {
    const wider = escalationJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 31.2 });

    it('says it is a wider alert, is charged as usual and counted for the association', async () => {
      expect(await run.execute(wider)).toEqual({ kind: 'done' });
      expect(sms.outbox.list().map((message) => message.body)).toEqual([
        'Swarm Alert, wider alert (still unclaimed): Basketball swarm, 12 ft up, 31.2 mi from home. To claim it, reply with the code 04217',
      ]);
      expect(billing.charges.get('r1/m1')).toEqual({ companyId: 'c1' });
      expect(await alertSentEventsIn(outbox)).toEqual([{ sendKey: 'escalation--r1--m1--escalation', companyId: 'c1', costCents: 7, channels: ['sms'], smsPriceCents: 7 }]);
    });

    it('goes to a member at most once per report, ever', async () => {
      await run.execute(wider);
      await run.execute(wider);
      expect(sms.outbox.list()).toHaveLength(1);
      expect(await alertSentEventsIn(outbox)).toEqual([{ sendKey: 'escalation--r1--m1--escalation', companyId: 'c1', costCents: 7, channels: ['sms'], smsPriceCents: 7 }]);
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

describe('RunAlertJob on the channels the member chose', () => {
  const job: AlertJob = alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.345, round: 'submitted' });
  const device = { deviceId: 'd1', name: 'Pixel', endpoint: 'https://push.example/d1', p256dh: 'key', auth: 'secret' };

  const setUp = async () => {
    const members = new FakeMemberDirectory();
    const billing = new FakeAlertBilling();
    const sms = new DevOutboxSmsSender();
    const push = new FakePushService();
    const emails: { to: string; subject: string; text: string }[] = [];
    const outbox = new MemoryOutbox();
    const sentAlerts = new MemorySentAlertRepository(outbox);
    const sentTexts = new MemorySentTextRepository();
    const dispatches = new MemoryDispatchRepository();
    await seedDispatch(dispatches, { reportId: 'r1', claimCode: '04217', size: 'Basketball', elevationFeet: 12, town: 'Portland, OR', hasPicture: true });
    const run = new RunAlertJob({
      ...withoutOtherChannels(),
      push,
      mailer: { send: async (message) => void emails.push(message) },
      memberDirectory: members,
      members: memberSettingsFrom(members),
      billing,
      dispatches,
      sms,
      sentAlerts,
      sentTexts,
      clock: new ManualClock(NOW),
      log: silentLog,
    });
    return { members, billing, sms, push, emails, sentAlerts, outbox, run };
  };

  it('sends a notification per device and an email, free, and a text at 7 cents, each once', async () => {
    const { members, billing, sms, push, emails, sentAlerts, outbox, run } = await setUp();
    members.set('m1', { phoneNumber: '5035550100', email: 'ada@example.org', channels: { sms: true, push: true, email: true }, pushTargets: [device] });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(push.sent).toHaveLength(1);
    expect(push.sent[0]?.payload).toMatchObject({ body: 'Basketball swarm, 12 ft up, 2.3 mi from home, in Portland, OR. Claim code 04217', tag: 'swarm-report-r1', claimCode: '04217' });
    expect(push.sent[0]?.payload).toHaveProperty('image', expect.stringMatching(/^https:\/\/swarm\.example\/api\/alerts\/claim\/.+\/thumbnail$/));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain('See the swarm and claim it: https://swarm.example/claim/');
    expect(sms.list()).toHaveLength(1);
    expect(billing.charges.size).toBe(1);
    expect(billing.balances.get('c1')).toBe(93);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent', channels: ['push', 'email', 'sms'] });
    expect(await alertSentEventsIn(outbox)).toEqual([{ sendKey: 'alert--r1--m1--submitted', companyId: 'c1', costCents: 7, channels: ['push', 'email', 'sms'], smsPriceCents: 7 }]);
  });

  it('charges nothing for an alert by notification only, and counts what it would have cost as a text', async () => {
    const { members, billing, sms, push, outbox, run } = await setUp();
    members.set('m1', { phoneNumber: '5035550100', channels: { sms: false, push: true, email: false }, pushTargets: [device] });
    await run.execute(job);
    expect(push.sent).toHaveLength(1);
    expect(sms.list()).toEqual([]);
    expect(billing.charges.size).toBe(0);
    expect(await alertSentEventsIn(outbox)).toEqual([{ sendKey: 'alert--r1--m1--submitted', companyId: 'c1', costCents: 0, channels: ['push'], smsPriceCents: 7 }]);
  });

  it('removes a device whose subscription is gone, and alerts by email when nothing else reached the member', async () => {
    const { members, push, emails, sentAlerts, run } = await setUp();
    members.set('m1', { phoneNumber: '', email: 'ada@example.org', channels: { sms: false, push: true, email: false }, pushTargets: [device] });
    push.gone.add(device.endpoint);
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(members.removedEndpoints).toEqual([device.endpoint]);
    expect(emails.map((email) => email.to)).toEqual(['ada@example.org']);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent', channels: ['email'] });
  });

  it('does not send a notification again when a run died after the push service took it; the retry records the alert', async () => {
    const { members, push, sentAlerts, run } = await setUp();
    members.set('m1', { phoneNumber: '5035550100', channels: { sms: false, push: true, email: false }, pushTargets: [device] });
    push.failAfterSending = 1;
    await expect(run.execute(job)).rejects.toThrow('push service answer lost');
    // The push service took it; the delivery stays begun and a retry resends under the same topic, which replaces it.
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(new Set(push.sent.map((sent) => sent.options.topic)).size).toBe(1);
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'sent', channels: ['push'] });
  });

  it('keeps the alert as failed and refunds nothing it did not charge when no channel reaches the member', async () => {
    const { members, billing, push, sentAlerts, run } = await setUp();
    members.set('m1', { phoneNumber: '', channels: { sms: false, push: true, email: false }, pushTargets: [device] });
    push.gone.add(device.endpoint);
    expect(await run.execute(job)).toEqual({ kind: 'done' });
    expect(await sentAlerts.find('alert--r1--m1--submitted')).toMatchObject({ state: 'failed', failedReason: 'notification: the device Pixel is no longer subscribed' });
    expect(billing.refunds).toEqual([]);
    expect(billing.charges.size).toBe(0);
  });
});

/** A push service that accepts, answers gone for chosen endpoints, or takes a message and loses the answer. */
class FakePushService implements PushSender {
  readonly sent: { endpoint: string; payload: PushPayload; options: PushOptions }[] = [];
  readonly gone = new Set<string>();
  failAfterSending = 0;
  async send(subscription: { endpoint: string }, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
    if (this.gone.has(subscription.endpoint)) return { kind: 'gone' };
    this.sent.push({ endpoint: subscription.endpoint, payload, options });
    if (this.failAfterSending > 0) {
      this.failAfterSending -= 1;
      throw new Error('push service answer lost');
    }
    return { kind: 'accepted' };
  }
}

describe('RunAlertJob with a copy of the member’s settings older than their phone', () => {
  it('confirms with the current settings and texts the phone, rather than falling back to email', async () => {
    const members = new FakeMemberDirectory();
    const billing = new FakeAlertBilling();
    const sms = new DevOutboxSmsSender();
    const emails: unknown[] = [];
    const dispatches = new MemoryDispatchRepository();
    await seedDispatch(dispatches, { reportId: 'r1', claimCode: '04217', size: 'Basketball', elevationFeet: 12 });
    const settings = new MemoryMemberSettingsRepository();
    // The copy was made before the member gave a phone.
    await settings.saveIfNewer([{ ...members.current('m1'), email: 'ada@example.org', version: 1 }]);
    members.set('m1', { phoneNumber: '5035550100', email: 'ada@example.org' });
    const run = new RunAlertJob({
      ...withoutOtherChannels(),
      mailer: { send: async (message) => void emails.push(message) },
      memberDirectory: members,
      members: memberSettingsFrom(members, settings),
      billing,
      dispatches,
      sms,
      sentAlerts: new MemorySentAlertRepository(new MemoryOutbox()),
      sentTexts: new MemorySentTextRepository(),
      clock: new ManualClock(NOW),
      log: silentLog,
    });
    expect(await run.execute(alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2, round: 'submitted' }))).toEqual({ kind: 'done' });
    expect(sms.list().map((message) => message.to)).toEqual(['5035550100']);
    expect(emails).toEqual([]);
  });
});
