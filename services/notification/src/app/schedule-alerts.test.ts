import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { alertJobId } from '../domain/alert-schedule.js';
import { FakeAlertBilling, FakeMemberDirectory, FakeReportDirectory, silentLog } from '../testing/dispatch-fakes.js';
import { ScheduleAlerts } from './schedule-alerts.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60_000);
const location = { latitude: 45.5, longitude: -122.6 };

describe('ScheduleAlerts', () => {
  let members: FakeMemberDirectory;
  let billing: FakeAlertBilling;
  let reports: FakeReportDirectory;
  let claims: MemoryClaimRecordRepository;
  let scheduler: InProcessAlertScheduler;
  let clock: ManualClock;
  // random() just below 1 keeps Fisher–Yates from moving anything, so the covering order is kept.
  const build = (options: { recentClaimsWindowDays?: number; random?: () => number } = {}) =>
    new ScheduleAlerts({ members, billing, reports, claims, scheduler, clock, log: silentLog }, { random: () => 0.999_999, ...options });
  const runAtOf = async (memberId: string) => (await scheduler.pending()).find((p) => p.job.memberId === memberId)?.runAt;

  beforeEach(() => {
    members = new FakeMemberDirectory();
    billing = new FakeAlertBilling();
    reports = new FakeReportDirectory();
    claims = new MemoryClaimRecordRepository();
    clock = new ManualClock(NOW);
    scheduler = new InProcessAlertScheduler(clock);
    members.covering = [
      { memberId: 'm1', distanceMiles: 1.2 },
      { memberId: 'm2', distanceMiles: 3.4 },
    ];
    billing.memberships = [
      { memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees' },
      { memberId: 'm2', companyId: 'c1', companyName: 'Portland Bees' },
    ];
  });

  it('schedules one job per covering paying member, at once for members without recent claims', async () => {
    const outcome = await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(outcome).toEqual({ scheduled: 2, doNotDisturb: 0, notPaying: 0 });
    expect(await scheduler.pending()).toEqual([
      { job: { jobId: alertJobId('r1', 'm1'), reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 1.2, round: 'submitted' }, runAt: NOW },
      { job: { jobId: alertJobId('r1', 'm2'), reportId: 'r1', memberId: 'm2', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 3.4, round: 'submitted' }, runAt: NOW },
    ]);
  });

  it('delays members by their recent claims: 10 minutes each up to 5, then 60 minutes', async () => {
    for (let i = 0; i < 3; i++) await claims.recordClaim({ reportId: `old-${i}`, memberId: 'm1', claimedAt: daysAgo(1) });
    for (let i = 0; i < 8; i++) await claims.recordClaim({ reportId: `old-${i}`, memberId: 'm2', claimedAt: daysAgo(2) });
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(await runAtOf('m1')).toEqual(minutes(30));
    expect(await runAtOf('m2')).toEqual(minutes(60));
  });

  it('counts only claims within the window: 7 days by default, or as configured', async () => {
    await claims.recordClaim({ reportId: 'a', memberId: 'm1', claimedAt: daysAgo(8) });
    await claims.recordClaim({ reportId: 'b', memberId: 'm1', claimedAt: daysAgo(3) });
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(await runAtOf('m1')).toEqual(minutes(10));

    await build({ recentClaimsWindowDays: 2 }).execute({ reportId: 'r2', location, elevationFeet: 10, round: 'submitted' });
    expect((await scheduler.pending()).find((p) => p.job.reportId === 'r2' && p.job.memberId === 'm1')?.runAt).toEqual(NOW);
  });

  it('asks the member service for the window after the delay, and schedules at its answer', async () => {
    await claims.recordClaim({ reportId: 'a', memberId: 'm1', claimedAt: daysAgo(1) });
    members.windows.set('m1', { never: false, sendAt: new Date('2026-06-02T00:00:00Z') });
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(members.asked.find((a) => a.memberId === 'm1')?.notBefore).toEqual(minutes(10));
    expect(await runAtOf('m1')).toEqual(new Date('2026-06-02T00:00:00Z'));
  });

  it('never schedules a member under Do Not Disturb', async () => {
    members.windows.set('m2', { never: true });
    const outcome = await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(outcome.doNotDisturb).toBe(1);
    expect((await scheduler.pending()).map((p) => p.job.memberId)).toEqual(['m1']);
  });

  it('skips members without a paying membership and charges one association per member, the first listed', async () => {
    billing.memberships = [
      { memberId: 'm1', companyId: 'c2', companyName: 'Salem Bees' },
      { memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees' },
    ];
    const outcome = await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(outcome).toEqual({ scheduled: 1, doNotDisturb: 0, notPaying: 1 });
    expect((await scheduler.pending())[0]?.job.companyId).toBe('c2');
  });

  it('leaves out the excluded members', async () => {
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'u1', excludeMemberIds: ['m1'] });
    expect((await scheduler.pending()).map((p) => p.job.memberId)).toEqual(['m2']);
  });

  it('is idempotent: scheduling the same report again leaves one job per member', async () => {
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    await build().execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    expect(await scheduler.pending()).toHaveLength(2);
  });

  it('reads the location from the report when the event had none, and schedules nothing without one', async () => {
    reports.reports.set('r1', { reportId: 'r1', state: 'active', claimCode: '12345', size: 'Softball', elevationFeet: 4, location });
    expect((await build().execute({ reportId: 'r1', round: 'submitted' })).scheduled).toBe(2);
    reports.reports.set('r2', { reportId: 'r2', state: 'active', claimCode: '12346', size: 'Softball', elevationFeet: 4 });
    expect((await build().execute({ reportId: 'r2', round: 'submitted' })).scheduled).toBe(0);
  });

  it('schedules members due at the same time in a shuffled order, so nobody is always texted first', async () => {
    members.covering = ['a', 'b', 'c', 'd'].map((memberId) => ({ memberId, distanceMiles: 1 }));
    billing.memberships = ['a', 'b', 'c', 'd'].map((memberId) => ({ memberId, companyId: 'c1', companyName: 'Bees' }));
    await build({ random: () => 0 }).execute({ reportId: 'r1', location, elevationFeet: 10, round: 'submitted' });
    // Fisher–Yates with random() = 0 swaps each position with the first: a b c d → b c d a.
    expect((await scheduler.pending()).map((p) => p.job.memberId)).toEqual(['b', 'c', 'd', 'a']);
  });
});
