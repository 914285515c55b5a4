import { memberOf } from '../testing/dispatch-fakes.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { alertJobId } from '../domain/alert-schedule.js';
import type { CoveringMember } from '../domain/alert-dispatch.js';
import { coverageOf, FakeMemberDirectory, memberSettingsFrom, silentLog } from '../testing/dispatch-fakes.js';
import { ScheduleAlerts } from './schedule-alerts.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 24 * 60 * 60_000);

describe('ScheduleAlerts', () => {
  let members: FakeMemberDirectory;
  let coverage: CoveringMember[];
  let claims: MemoryClaimRecordRepository;
  let scheduler: InProcessAlertScheduler;
  let clock: ManualClock;
  // random() just below 1 keeps Fisher–Yates from moving anything, so the covering order is kept.
  const build = (options: { recentClaimsWindowDays?: number; random?: () => number } = {}) =>
    new ScheduleAlerts({ members: memberSettingsFrom(members), claims, scheduler, clock, log: silentLog }, { random: () => 0.999_999, ...options });
  const runAtOf = async (memberId: string) => (await scheduler.pending()).find((p) => memberOf(p.job) === memberId)?.runAt;

  beforeEach(() => {
    members = new FakeMemberDirectory();
    claims = new MemoryClaimRecordRepository();
    clock = new ManualClock(NOW);
    scheduler = new InProcessAlertScheduler(clock);
    coverage = [
      { memberId: 'm1', distanceMiles: 1.2, companyId: 'c1', companyName: 'Portland Bees' },
      { memberId: 'm2', distanceMiles: 3.4, companyId: 'c1', companyName: 'Portland Bees' },
    ];
  });

  it('schedules one job per covering member, through their association, at once for members without recent claims', async () => {
    const outcome = await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(outcome).toEqual({ scheduled: 2, doNotDisturb: 0, unknownMember: 0 });
    expect(await scheduler.pending()).toEqual([
      { job: { kind: 'alert', jobId: alertJobId('r1', 'm1'), reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 1.2, round: 'submitted' }, runAt: NOW },
      { job: { kind: 'alert', jobId: alertJobId('r1', 'm2'), reportId: 'r1', memberId: 'm2', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 3.4, round: 'submitted' }, runAt: NOW },
    ]);
  });

  it('delays members by their recent claims: 10 minutes each up to 5, then 60 minutes', async () => {
    for (let i = 0; i < 3; i++) await claims.recordClaim({ reportId: `old-${i}`, memberId: 'm1', claimedAt: daysAgo(1) });
    for (let i = 0; i < 8; i++) await claims.recordClaim({ reportId: `old-${i}`, memberId: 'm2', claimedAt: daysAgo(2) });
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(await runAtOf('m1')).toEqual(minutes(30));
    expect(await runAtOf('m2')).toEqual(minutes(60));
  });

  it('asks for the recent claims of every covering member in one query', async () => {
    const asked: string[][] = [];
    const countClaimsSince = claims.countClaimsSince.bind(claims);
    claims.countClaimsSince = async (memberIds, since) => {
      asked.push(memberIds);
      return countClaimsSince(memberIds, since);
    };
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(asked).toEqual([['m1', 'm2']]);
  });

  it('counts only claims within the window: 7 days by default, or as configured', async () => {
    await claims.recordClaim({ reportId: 'a', memberId: 'm1', claimedAt: daysAgo(8) });
    await claims.recordClaim({ reportId: 'b', memberId: 'm1', claimedAt: daysAgo(3) });
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(await runAtOf('m1')).toEqual(minutes(10));

    await build({ recentClaimsWindowDays: 2 }).execute({ reportId: 'r2', coverage, round: 'submitted' });
    expect((await scheduler.pending()).find((p) => p.job.reportId === 'r2' && memberOf(p.job) === 'm1')?.runAt).toEqual(NOW);
  });

  it('moves the alert after the delay to the start of the member’s next window, read in their time zone', async () => {
    await claims.recordClaim({ reportId: 'a', memberId: 'm1', claimedAt: daysAgo(1) });
    // 18:10 UTC on Monday is 11:10 in Los Angeles; the member's window opens at 17:00 there, 00:00 UTC on Tuesday.
    members.set('m1', { timeZone: 'America/Los_Angeles' }).windows('m1', { days: Array.from({ length: 7 }, () => ({ fromHour: 17, toHour: 22 })) });
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(await runAtOf('m1')).toEqual(new Date('2026-06-02T00:00:00Z'));
    // An all-day window holds nothing back: m2, without recent claims, goes at once.
    expect(await runAtOf('m2')).toEqual(NOW);
  });

  it('asks the member service once, for every covering member it has no copy of, and then uses its copy', async () => {
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(members.asked).toEqual([['m1', 'm2']]);
  });

  it('schedules nobody who left since the report was submitted', async () => {
    members.left.add('m2');
    const outcome = await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(outcome).toEqual({ scheduled: 1, doNotDisturb: 0, unknownMember: 1 });
  });

  it('never schedules a member under Do Not Disturb', async () => {
    members.windows('m2', { doNotDisturb: true });
    const outcome = await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(outcome.doNotDisturb).toBe(1);
    expect((await scheduler.pending()).map((p) => memberOf(p.job))).toEqual(['m1']);
  });

  it('leaves out the excluded members', async () => {
    await build().execute({ reportId: 'r1', coverage, round: 'u1', excludeMemberIds: ['m1'] });
    expect((await scheduler.pending()).map((p) => memberOf(p.job))).toEqual(['m2']);
  });

  it('is idempotent: scheduling the same report again leaves one job per member', async () => {
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    await build().execute({ reportId: 'r1', coverage, round: 'submitted' });
    expect(await scheduler.pending()).toHaveLength(2);
  });

  it('schedules nothing when nobody covers the swarm', async () => {
    expect(await build().execute({ reportId: 'r1', coverage: [], round: 'submitted' })).toEqual({ scheduled: 0, doNotDisturb: 0, unknownMember: 0 });
    expect(await scheduler.pending()).toEqual([]);
  });

  it('schedules members due at the same time in a shuffled order, so nobody is always texted first', async () => {
    coverage = coverageOf(['a', 'b', 'c', 'd']);
    await build({ random: () => 0 }).execute({ reportId: 'r1', coverage, round: 'submitted' });
    // Fisher–Yates with random() = 0 swaps each position with the first: a b c d → b c d a.
    expect((await scheduler.pending()).map((p) => memberOf(p.job))).toEqual(['b', 'c', 'd', 'a']);
  });
});
