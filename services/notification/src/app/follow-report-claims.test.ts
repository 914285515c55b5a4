import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { FakeAlertBilling, FakeMemberDirectory, FakeReportDirectory, silentLog } from '../testing/dispatch-fakes.js';
import { FollowReportClaims } from './follow-report-claims.js';
import { ScheduleAlerts } from './schedule-alerts.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const location = { latitude: 45.5, longitude: -122.6 };

describe('FollowReportClaims', () => {
  let scheduler: InProcessAlertScheduler;
  let claims: MemoryClaimRecordRepository;
  let scheduleAlerts: ScheduleAlerts;
  let follow: FollowReportClaims;

  beforeEach(async () => {
    const clock = new ManualClock(NOW);
    const members = new FakeMemberDirectory();
    const billing = new FakeAlertBilling();
    const reports = new FakeReportDirectory();
    members.covering = ['m1', 'm2', 'm3'].map((memberId) => ({ memberId, distanceMiles: 1 }));
    billing.memberships = ['m1', 'm2', 'm3'].map((memberId) => ({ memberId, companyId: 'c1', companyName: 'Bees' }));
    reports.reports.set('r1', { reportId: 'r1', state: 'active', claimCode: '12345', size: 'Softball', elevationFeet: 3, location });
    scheduler = new InProcessAlertScheduler(clock);
    claims = new MemoryClaimRecordRepository();
    scheduleAlerts = new ScheduleAlerts({ members, billing, reports, claims, scheduler, clock, log: silentLog });
    follow = new FollowReportClaims({ claims, scheduler, scheduleAlerts, log: silentLog });
    await scheduleAlerts.execute({ reportId: 'r1', location, elevationFeet: 3, round: 'submitted' });
    await scheduleAlerts.execute({ reportId: 'r2', location, elevationFeet: 3, round: 'submitted' });
  });

  it('cancels the pending alerts of a claimed report and counts the claim', async () => {
    await follow.claimed({ reportId: 'r1', memberId: 'm1', claimedAt: NOW });
    expect((await scheduler.pending()).every((p) => p.job.reportId === 'r2')).toBe(true);
    expect(await claims.countClaimsSince('m1', new Date(0))).toBe(1);
  });

  it('cancels the pending alerts of a report marked bad', async () => {
    await follow.markedBad({ reportId: 'r1' });
    expect((await scheduler.pending()).filter((p) => p.job.reportId === 'r1')).toEqual([]);
  });

  it('alerts everyone but the member who un-claimed again, as a new round, and stops counting the claim', async () => {
    await follow.claimed({ reportId: 'r1', memberId: 'm1', claimedAt: NOW });
    await follow.unclaimed({ eventId: 'e9', reportId: 'r1', memberId: 'm1', unclaimedAt: new Date(NOW.getTime() + 60_000) });
    const again = (await scheduler.pending()).filter((p) => p.job.reportId === 'r1');
    expect(again.map((p) => p.job.memberId).sort()).toEqual(['m2', 'm3']);
    expect(again.every((p) => p.job.round === 'unclaimed-e9')).toBe(true);
    expect(await claims.countClaimsSince('m1', new Date(0))).toBe(0);
  });
});
