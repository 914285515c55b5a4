import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from '../adapters/memory/memory-sms-opt-out-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { isSingleGsm7Segment } from '../domain/sms-text.js';
import { coverageOf, FakeMemberDirectory, memberOf, memberSettingsFrom, RecordingReporterTextEvents, roundOf, seedDispatch, silentLog } from '../testing/dispatch-fakes.js';
import { FollowReportClaims } from './follow-report-claims.js';
import { ReportTimers } from './report-timers.js';
import { ScheduleAlerts } from './schedule-alerts.js';
import { SendFollowUpText, type FollowUpText } from './send-follow-up-text.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1_000);
const HOUR = 3_600;
const REPORTER = '5035550177';

describe('FollowReportClaims', () => {
  let scheduler: InProcessAlertScheduler;
  let claims: MemoryClaimRecordRepository;
  let dispatches: MemoryDispatchRepository;
  let sms: DevOutboxSmsSender;
  let optOuts: MemorySmsOptOutRepository;
  let reporterTexts: RecordingReporterTextEvents;
  let members: FakeMemberDirectory;
  let follow: FollowReportClaims;

  const pendingOf = async (reportId: string) => (await scheduler.pending()).filter((p) => p.job.reportId === reportId);
  const kindsOf = async (reportId: string) => (await pendingOf(reportId)).map((p) => `${p.job.kind}:${memberOf(p.job) ?? ''}`).sort();
  // The dev outbox lists the newest first.
  const textsTo = (phone: string) => sms.list().filter((message) => message.to === phone).map((message) => message.body).reverse();
  const claim = (reportId: string, memberId: string, seconds: number, eventId = `claim-${reportId}-${seconds}`) =>
    follow.claimed({ eventId, reportId, memberId, claimedAt: later(seconds) });
  const unclaim = (reportId: string, memberId: string, seconds: number, eventId = `unclaim-${reportId}-${seconds}`) =>
    follow.unclaimed({ eventId, reportId, memberId, unclaimedAt: later(seconds) });

  beforeEach(async () => {
    const clock = new ManualClock(NOW);
    members = new FakeMemberDirectory();
    members.set('m1', { name: 'Ada Lovelace', phoneNumber: '5035550101' }).set('m2', { name: 'Grace', phoneNumber: '5035550102' });
    scheduler = new InProcessAlertScheduler(clock);
    claims = new MemoryClaimRecordRepository();
    dispatches = new MemoryDispatchRepository();
    sms = new DevOutboxSmsSender();
    optOuts = new MemorySmsOptOutRepository();
    reporterTexts = new RecordingReporterTextEvents();
    const settings = memberSettingsFrom(members);
    const scheduleAlerts = new ScheduleAlerts({ members: settings, claims, scheduler, clock, log: silentLog });
    const timers = new ReportTimers({ scheduler, log: silentLog }, { escalateAfterMinutes: 30, outcomePromptHours: 4 });
    const sendText = new SendFollowUpText({ texts: new MemorySentTextRepository(), optOuts, sms, reporterTexts, clock, log: silentLog });
    // Which texts the handlers decide on, sent at once here; their jobs are dispatch's (see dispatch.test.ts).
    const texts = { queue: async (text: FollowUpText) => void (await sendText.execute(text)) };
    follow = new FollowReportClaims({ claims, dispatches, scheduler, scheduleAlerts, timers, texts, members: settings, log: silentLog });
    for (const [reportId, reporterUpdates] of [['r1', true], ['r2', false]] as const) {
      const dispatch = await seedDispatch(dispatches, {
        reportId,
        submittedAt: NOW,
        coverage: coverageOf(['m1', 'm2', 'm3'], { companyId: 'c1', companyName: 'Lane County Beekeepers' }),
        widerCoverage: coverageOf(['m9']),
        reporterUpdates,
        reporterPhone: reporterUpdates ? REPORTER : '',
      });
      await scheduleAlerts.execute({ reportId, coverage: dispatch.coverage, round: 'submitted' });
      await timers.whileActive(dispatch, NOW);
    }
  });

  it("cancels a claimed report's alerts and escalation, schedules its outcome prompt (its expiry and close are the report service's), and counts the claim", async () => {
    await claim('r1', 'm1', 60);
    expect(await kindsOf('r1')).toEqual(['outcome-prompt:m1']);
    const runAt = Object.fromEntries((await pendingOf('r1')).map((p) => [p.job.kind, p.runAt]));
    expect(runAt).toEqual({ 'outcome-prompt': later(60 + 4 * HOUR) });
    expect(await kindsOf('r2')).toEqual(['alert:m1', 'alert:m2', 'alert:m3', 'escalation:m9']);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('claimed');
    expect((await claims.countClaimsSince(['m1'], new Date(0))).get('m1')).toBe(1);
  });

  it("texts the reporter who asked, once, who is coming: the claimer's first name and association, in one segment", async () => {
    await claim('r1', 'm1', 60, 'claim-event');
    await claim('r1', 'm1', 60, 'claim-event');
    expect(textsTo(REPORTER)).toEqual(['Swarm Alert: Ada of Lane County Beekeepers is on the way for your swarm and will call you first. Reply GONE if it leaves.']);
    expect(isSingleGsm7Segment(textsTo(REPORTER)[0] ?? '')).toBe(true);
    // Announced once, for the association statistics.
    expect(reporterTexts.announced.map((text) => text.reportId)).toEqual(['r1']);
  });

  it('texts no reporter who did not ask, and none who replied STOP', async () => {
    await claim('r2', 'm1', 60);
    await optOuts.optOut(`+1${REPORTER}`, later(10));
    await claim('r1', 'm2', 60);
    expect(sms.list()).toEqual([]);
  });

  it('cancels every pending job of a report marked bad and keeps it as bad', async () => {
    await follow.markedBad({ reportId: 'r1', markedAt: later(1) });
    expect(await pendingOf('r1')).toEqual([]);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('bad');
  });

  it('alerts nobody again and texts nobody for an un-claim older than a later claim (events out of order)', async () => {
    await claim('r1', 'm2', 120);
    const textsBefore = sms.list().length;
    await unclaim('r1', 'm1', 60);
    expect(await kindsOf('r1')).toEqual(['outcome-prompt:m2']);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('claimed');
    expect(sms.list()).toHaveLength(textsBefore);
  });

  it('alerts nobody when the un-claimed report was never received', async () => {
    await unclaim('unknown', 'm1', 60);
    expect(await pendingOf('unknown')).toEqual([]);
  });

  it('alerts everyone but the member who un-claimed again, as a new round, escalates again, and tells the reporter', async () => {
    await claim('r1', 'm1', 1);
    await unclaim('r1', 'm1', 60, 'e9');
    const again = await pendingOf('r1');
    expect(await kindsOf('r1')).toEqual(['alert:m2', 'alert:m3', 'escalation:m9']);
    expect(again.filter((p) => p.job.kind === 'alert').every((p) => roundOf(p.job) === 'unclaimed-e9')).toBe(true);
    expect(again.find((p) => p.job.kind === 'escalation')?.runAt).toEqual(later(60 + 30 * 60));
    expect((await claims.countClaimsSince(['m1'], new Date(0))).get('m1')).toBeUndefined();
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('active');
    expect(textsTo(REPORTER)[1]).toBe(
      'Swarm Alert: the beekeeper who took your swarm cannot come after all. We are alerting other beekeepers near you. Reply GONE if it leaves.',
    );
  });

  it('tells the reporter honestly when nobody else can be alerted after an un-claim', async () => {
    const lone = await seedDispatch(dispatches, {
      reportId: 'r3',
      submittedAt: NOW,
      coverage: coverageOf(['m1']),
      reporterUpdates: true,
      reporterPhone: REPORTER,
    });
    await claim(lone.reportId, 'm1', 1);
    await unclaim(lone.reportId, 'm1', 60);
    expect(textsTo(REPORTER).at(-1)).toBe(
      'Swarm Alert: the beekeeper who took your swarm cannot come after all. We will text you if another one takes it. Reply GONE if it leaves.',
    );
  });

  it('closes an expired report: nothing pending, the reporter pointed elsewhere once, counted', async () => {
    await follow.expired({ reportId: 'r1', expiredAt: later(72 * HOUR) });
    await follow.expired({ reportId: 'r1', expiredAt: later(72 * HOUR) });
    expect(await pendingOf('r1')).toEqual([]);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('expired');
    expect(textsTo(REPORTER)).toEqual(['Swarm Alert: sorry, no beekeeper could take your swarm. To find one near you: https://www.google.com/search?q=beekeepers+near+me']);
  });

  it('tells the claimer once that the reporter says the swarm left, keeping the claim and its outcome prompt', async () => {
    await claim('r1', 'm1', 60);
    const pendingBefore = await kindsOf('r1');
    await follow.reporterSaidGone({ reportId: 'r1', memberId: 'm1', claimCode: '04217' });
    await follow.reporterSaidGone({ reportId: 'r1', memberId: 'm1', claimCode: '04217' });
    expect(textsTo('5035550101')).toEqual([
      'Swarm Alert: the reporter says swarm 04217 has left. Please record what happened under Claimed Swarms in the member area.',
    ]);
    expect(textsTo('5035550101').every(isSingleGsm7Segment)).toBe(true);
    expect(pendingBefore).toEqual(['outcome-prompt:m1']);
    expect(await kindsOf('r1')).toEqual(pendingBefore);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('claimed');
  });

  it('cancels everything pending for a report that departs while active, and texts nobody', async () => {
    await follow.departed({ reportId: 'r2', departedAt: later(120) });
    await follow.departed({ reportId: 'r2', departedAt: later(120) });
    expect(sms.list()).toEqual([]);
    expect(await pendingOf('r2')).toEqual([]);
    expect((await dispatches.findByReportId('r2'))?.reportState).toBe('departed');
  });
});
