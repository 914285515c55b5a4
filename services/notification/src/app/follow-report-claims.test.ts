import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { coverageOf, FakeMemberDirectory, memberSettingsFrom, seedDispatch, silentLog } from '../testing/dispatch-fakes.js';
import { FollowReportClaims } from './follow-report-claims.js';
import { ScheduleAlerts } from './schedule-alerts.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1_000);

describe('FollowReportClaims', () => {
  let scheduler: InProcessAlertScheduler;
  let claims: MemoryClaimRecordRepository;
  let dispatches: MemoryDispatchRepository;
  let scheduleAlerts: ScheduleAlerts;
  let follow: FollowReportClaims;

  beforeEach(async () => {
    const clock = new ManualClock(NOW);
    const members = new FakeMemberDirectory();
    scheduler = new InProcessAlertScheduler(clock);
    claims = new MemoryClaimRecordRepository();
    dispatches = new MemoryDispatchRepository();
    scheduleAlerts = new ScheduleAlerts({ members: memberSettingsFrom(members), claims, scheduler, clock, log: silentLog });
    follow = new FollowReportClaims({ claims, dispatches, scheduler, scheduleAlerts, log: silentLog });
    for (const reportId of ['r1', 'r2']) {
      const dispatch = await seedDispatch(dispatches, { reportId, submittedAt: NOW, coverage: coverageOf(['m1', 'm2', 'm3']) });
      await scheduleAlerts.execute({ reportId, coverage: dispatch.coverage, round: 'submitted' });
    }
  });

  it('cancels the pending alerts of a claimed report, keeps it as claimed and counts the claim', async () => {
    await follow.claimed({ reportId: 'r1', memberId: 'm1', claimedAt: later(1) });
    expect((await scheduler.pending()).every((p) => p.job.reportId === 'r2')).toBe(true);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('claimed');
    expect((await claims.countClaimsSince(['m1'], new Date(0))).get('m1')).toBe(1);
  });

  it('cancels the pending alerts of a report marked bad and keeps it as bad', async () => {
    await follow.markedBad({ reportId: 'r1', markedAt: later(1) });
    expect((await scheduler.pending()).filter((p) => p.job.reportId === 'r1')).toEqual([]);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('bad');
  });

  it('alerts nobody again for an un-claim older than a later claim (events out of order)', async () => {
    await follow.claimed({ reportId: 'r1', memberId: 'm2', claimedAt: later(120) });
    await follow.unclaimed({ eventId: 'e-old', reportId: 'r1', memberId: 'm1', unclaimedAt: later(60) });
    expect((await scheduler.pending()).filter((p) => p.job.reportId === 'r1')).toEqual([]);
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('claimed');
  });

  it('alerts nobody when the un-claimed report was never received', async () => {
    await follow.unclaimed({ eventId: 'e1', reportId: 'unknown', memberId: 'm1', unclaimedAt: later(60) });
    expect((await scheduler.pending()).filter((p) => p.job.reportId === 'unknown')).toEqual([]);
  });

  it('alerts everyone but the member who un-claimed again, as a new round, and stops counting the claim', async () => {
    await follow.claimed({ reportId: 'r1', memberId: 'm1', claimedAt: later(1) });
    await follow.unclaimed({ eventId: 'e9', reportId: 'r1', memberId: 'm1', unclaimedAt: later(60) });
    const again = (await scheduler.pending()).filter((p) => p.job.reportId === 'r1');
    expect(again.map((p) => p.job.memberId).sort()).toEqual(['m2', 'm3']);
    expect(again.every((p) => p.job.round === 'unclaimed-e9')).toBe(true);
    expect((await claims.countClaimsSince(['m1'], new Date(0))).get('m1')).toBeUndefined();
    expect((await dispatches.findByReportId('r1'))?.reportState).toBe('active');
  });
});
