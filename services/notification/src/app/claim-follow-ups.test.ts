import { describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from '../adapters/memory/memory-sms-opt-out-repository.js';
import { locationJob } from '../domain/alert-schedule.js';
import { DevOutboxPushSender } from '../adapters/dev-outbox/dev-outbox-push-sender.js';
import { FakeMemberDirectory, memberSettingsFrom, RecordingReporterTextEvents, seedDispatch, silentLog } from '../testing/dispatch-fakes.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { FakeReportClaims } from './inbound-fakes.test-support.js';
import type { Mailer } from './ports/inbound.js';
import { NotifyAdminOfBadReport } from './notify-admin-of-bad-report.js';
import { SendClaimLocation } from './send-claim-location.js';
import { SendFollowUpText } from './send-follow-up-text.js';

const claimedAt = new Date('2026-06-01T18:00:00Z');

describe('SendClaimLocation', () => {
  const device = { deviceId: 'd1', name: 'Pixel', endpoint: 'https://push.example/d1', p256dh: 'k', auth: 'a' };
  const key = 'location--report-1--ada--2026-06-01T18:00:00.000Z';

  const setUp = async (options: { mailer?: boolean; push?: boolean } = {}) => {
    const reports = new FakeReportClaims([{ reportId: 'report-1', claimCode: '12345', alerted: ['ada', 'grace'] }]);
    const directory = new FakeMemberDirectory();
    directory.set('ada', { phoneNumber: '5035550100', email: 'ada@example.org', channels: { sms: true, push: false, email: false }, pushTargets: [device] });
    directory.set('grace', { phoneNumber: '', channels: { sms: true, push: false, email: false } });
    const sms = new DevOutboxSmsSender();
    const push = new DevOutboxPushSender();
    const emails: { to: string; subject: string; text: string; messageId?: string }[] = [];
    const mailer: Mailer = { send: async (message) => void emails.push(message) };
    const clock = new ManualClock(claimedAt);
    const sentTexts = new MemorySentTextRepository();
    const dispatches = new MemoryDispatchRepository();
    const texts = new SendFollowUpText({ texts: sentTexts, optOuts: new MemorySmsOptOutRepository(), sms, reporterTexts: new RecordingReporterTextEvents(), clock, log: silentLog });
    const send = new SendClaimLocation({
      reports,
      dispatches,
      members: memberSettingsFrom(directory),
      texts,
      sentTexts,
      push: options.push === false ? undefined : push,
      mailer: options.mailer === false ? undefined : mailer,
      clock,
      log: silentLog,
    });
    return {
      reports,
      directory,
      sms,
      push,
      emails,
      sentTexts,
      dispatches,
      send: { execute: (claim: { reportId: string; memberId: string; claimedAt: Date }) => send.execute(locationJob(claim)) },
    };
  };
  const claim = { reportId: 'report-1', memberId: 'ada', claimedAt };

  it('texts the claimer the address and reporter once per claim, however often the event comes', async () => {
    const { reports, sms, push, emails, send } = await setUp();
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { sms: 'sent' } });
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { sms: 'already-sent' } });
    const sent = sms.list();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '5035550100', idempotencyKey: key });
    expect(sent[0]?.body).toContain('1 Hive Way, Portland, OR');
    expect(sent[0]?.body).toContain('Jo Doe 503-555-0177');
    expect([push.list(), emails]).toEqual([[], []]);
  });

  it('tells the claimer, who will call, that the reporter speaks Spanish: in the text, the notification and the email', async () => {
    const { reports, directory, sms, push, emails, dispatches, send } = await setUp();
    await seedDispatch(dispatches, { reportId: 'report-1', claimCode: '12345', reporterLanguage: 'es' });
    directory.set('ada', { phoneNumber: '5035550100', email: 'ada@example.org', channels: { sms: true, push: true, email: true }, pushTargets: [device] });
    await reports.claimByCode('12345', 'ada');
    await send.execute(claim);
    expect(sms.list()[0]?.body).toContain('Reporter: Jo Doe 503-555-0177. Reporter speaks Spanish.');
    expect(push.list()[0]?.payload.body).toContain('Reporter speaks Spanish');
    expect(emails[0]?.text).toContain('Reporter speaks Spanish.');
  });

  it('says nothing of the language of a reporter who used the site in English', async () => {
    const { reports, sms, dispatches, send } = await setUp();
    await seedDispatch(dispatches, { reportId: 'report-1', claimCode: '12345', reporterLanguage: 'en' });
    await reports.claimByCode('12345', 'ada');
    await send.execute(claim);
    expect(sms.list()[0]?.body).not.toContain('speaks');
  });

  it('emails an email-only member, and texts nothing', async () => {
    const { reports, directory, sms, emails, sentTexts, send } = await setUp();
    directory.set('ada', { channels: { sms: false, push: false, email: true } });
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { email: 'sent' } });
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { email: 'already-sent' } });
    expect(sms.list()).toEqual([]);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ to: 'ada@example.org', subject: 'Swarm 12345 is yours: 1 Hive Way, Portland, OR', messageId: `<${key}--email@swarm-alert>` });
    expect(emails[0]?.text).toContain('Map: https://maps.google.com/?q=45.50000,-122.60000');
    expect(emails[0]?.text).toContain('Phone: 503-555-0177 (tel:+15035550177)');
    expect(await sentTexts.find(`${key}--email`)).toMatchObject({ state: 'sent', purpose: 'claimer-location-email', to: 'ada@example.org' });
  });

  it('sends a notification to each device of a member who chose notifications, in the alert’s place, and opens the map', async () => {
    const { reports, directory, sms, push, send } = await setUp();
    directory.set('ada', { channels: { sms: false, push: true, email: false } });
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { push: 'sent' } });
    await send.execute(claim);
    expect(sms.list()).toEqual([]);
    const [notification, ...others] = push.list();
    expect(others).toEqual([]);
    expect(notification?.payload).toEqual({
      type: 'swarm-location',
      title: 'Swarm 12345 is yours',
      body: 'Address: 1 Hive Way, Portland, OR. Reporter: Jo Doe 503-555-0177',
      tag: 'swarm-report-report-1',
      url: 'https://maps.google.com/?q=45.50000,-122.60000',
    });
    expect(notification?.recipient).toEqual({ memberId: 'ada', deviceName: 'Pixel' });
  });

  it('goes by every channel chosen, each once', async () => {
    const { reports, directory, sms, push, emails, send } = await setUp();
    directory.set('ada', { channels: { sms: true, push: true, email: true } });
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { push: 'sent', email: 'sent', sms: 'sent' } });
    await send.execute(claim);
    expect([sms.list().length, push.list().length, emails.length]).toEqual([1, 1, 1]);
  });

  it('texts the place when no chosen channel can take it, so the claimer is never left without it', async () => {
    const { reports, directory, sms, emails, send } = await setUp({ mailer: false });
    directory.set('ada', { channels: { sms: false, push: false, email: true } });
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute(claim)).toEqual({ kind: 'delivered', channels: { sms: 'sent' } });
    expect(sms.list()).toHaveLength(1);
    expect(emails).toEqual([]);
  });

  it('texts again for a new claim after an un-claim (a new claimedAt)', async () => {
    const { reports, sms, send } = await setUp();
    await reports.claimByCode('12345', 'ada');
    await send.execute(claim);
    await send.execute({ ...claim, claimedAt: new Date('2026-06-02T09:00:00Z') });
    expect(sms.list()).toHaveLength(2);
  });

  it('sends nothing to a member who no longer holds the report, who left, or who can be reached no way', async () => {
    const { reports, directory, sms, send } = await setUp({ mailer: false });
    expect(await send.execute(claim)).toEqual({ kind: 'no-longer-claimer' });
    await reports.claimByCode('12345', 'grace');
    expect(await send.execute({ ...claim, memberId: 'grace' })).toEqual({ kind: 'unreachable' });
    directory.left.add('grace');
    expect(await send.execute({ ...claim, memberId: 'grace' })).toEqual({ kind: 'unreachable' });
    expect(sms.list()).toHaveLength(0);
  });
});

describe('NotifyAdminOfBadReport', () => {
  const event = { reportId: 'report-1', memberId: 'member-7', reason: 'Not honey bees', markedAt: new Date('2026-06-01T18:00:00Z') };

  it('emails the administrator the report id, reason and member id', async () => {
    const sent: Parameters<Mailer['send']>[0][] = [];
    const notify = new NotifyAdminOfBadReport({ mailer: { send: async (message) => void sent.push(message) }, adminEmail: 'admin@example.org' });
    expect(await notify.execute(event)).toBe('sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe('admin@example.org');
    expect(sent[0]?.subject).toContain('report-1');
    expect(sent[0]?.text).toContain('Reason: Not honey bees');
    expect(sent[0]?.text).toContain('Member id: member-7');
  });

  it('sends nothing when no administrator address is configured', async () => {
    const sent: unknown[] = [];
    const notify = new NotifyAdminOfBadReport({ mailer: { send: async (message) => void sent.push(message) }, adminEmail: undefined });
    expect(await notify.execute(event)).toBe('not-configured');
    expect(sent).toHaveLength(0);
  });
});
