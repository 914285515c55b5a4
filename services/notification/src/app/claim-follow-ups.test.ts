import { describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryReportStatisticsRepository } from '../adapters/memory/memory-report-statistics-repository.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from '../adapters/memory/memory-sms-opt-out-repository.js';
import { locationJob } from '../domain/alert-schedule.js';
import { silentLog } from '../testing/dispatch-fakes.js';
import { FakeMemberContacts, FakeReportClaims } from './inbound-fakes.test-support.js';
import type { Mailer } from './ports/inbound.js';
import { NotifyAdminOfBadReport } from './notify-admin-of-bad-report.js';
import { SendClaimLocation } from './send-claim-location.js';
import { SendFollowUpText } from './send-follow-up-text.js';

const claimedAt = new Date('2026-06-01T18:00:00Z');

describe('SendClaimLocation', () => {
  const setUp = async () => {
    const reports = new FakeReportClaims([{ reportId: 'report-1', claimCode: '12345', alerted: ['ada', 'grace'] }]);
    const members = new FakeMemberContacts({ ada: '5035550100', grace: '' });
    const sms = new DevOutboxSmsSender();
    const clock = new ManualClock(claimedAt);
    const sentTexts = new MemorySentTextRepository();
    const texts = new SendFollowUpText({ texts: sentTexts, optOuts: new MemorySmsOptOutRepository(), sms, statistics: new MemoryReportStatisticsRepository(), clock, log: silentLog });
    const send = new SendClaimLocation({ reports, members, texts });
    return { reports, sms, sentTexts, send: { execute: (claim: { reportId: string; memberId: string; claimedAt: Date }) => send.execute(locationJob(claim)) } };
  };

  it('texts the claimer the address and reporter once per claim, however often the event comes', async () => {
    const { reports, sms, send } = await setUp();
    await reports.claimByCode('12345', 'ada');
    expect(await send.execute({ reportId: 'report-1', memberId: 'ada', claimedAt })).toBe('sent');
    expect(await send.execute({ reportId: 'report-1', memberId: 'ada', claimedAt })).toBe('already-sent');
    const sent = sms.list();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '5035550100', idempotencyKey: 'location--report-1--ada--2026-06-01T18:00:00.000Z' });
    expect(sent[0]?.body).toContain('1 Hive Way, Portland, OR');
    expect(sent[0]?.body).toContain('Jo Doe 503-555-0177');
  });

  it('texts again for a new claim after an un-claim (a new claimedAt)', async () => {
    const { reports, sms, send } = await setUp();
    await reports.claimByCode('12345', 'ada');
    await send.execute({ reportId: 'report-1', memberId: 'ada', claimedAt });
    await send.execute({ reportId: 'report-1', memberId: 'ada', claimedAt: new Date('2026-06-02T09:00:00Z') });
    expect(sms.list()).toHaveLength(2);
  });

  it('sends nothing to a member who no longer holds the report, or who has no phone', async () => {
    const { reports, sms, send } = await setUp();
    expect(await send.execute({ reportId: 'report-1', memberId: 'ada', claimedAt })).toBe('no-longer-claimer');
    await reports.claimByCode('12345', 'grace');
    expect(await send.execute({ reportId: 'report-1', memberId: 'grace', claimedAt })).toBe('no-phone');
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
