import { describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { FakeAlertBilling, FakeMemberDirectory, FakeReportDirectory, silentLog } from '../testing/dispatch-fakes.js';
import { ScheduleAlerts } from './schedule-alerts.js';
import { StartDispatchOnReportSubmitted } from './start-dispatch-on-report-submitted.js';

describe('StartDispatchOnReportSubmitted', () => {
  const clock = { now: () => new Date('2026-06-01T12:00:00Z') };

  it('records one dispatch for a report however often its event is delivered', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted(dispatches, clock);
    expect(await handle.execute({ eventId: 'e1', reportId: 'r1' })).toBe('recorded');
    expect(await handle.execute({ eventId: 'e1', reportId: 'r1' })).toBe('already-recorded');
    expect(await dispatches.findByReportId('r1')).toEqual({ reportId: 'r1', eventId: 'e1', status: 'received', receivedAt: clock.now() });
  });

  it('refuses an event without a report id and records nothing, so the bus keeps it rather than acknowledging', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted(dispatches, clock);
    await expect(handle.execute({ eventId: 'e1', reportId: '' })).rejects.toMatchObject({ code: 'NOTIFICATION.INVALID_EVENT' });
    expect(await dispatches.findByReportId('')).toBeUndefined();
  });

  it('schedules the alerts once and marks the dispatch scheduled, so a redelivery after they ran alerts nobody again', async () => {
    const manual = new ManualClock(clock.now());
    const members = new FakeMemberDirectory();
    const billing = new FakeAlertBilling();
    members.covering = [{ memberId: 'm1', distanceMiles: 1 }];
    billing.memberships = [{ memberId: 'm1', companyId: 'c1', companyName: 'Bees' }];
    const scheduler = new InProcessAlertScheduler(manual);
    const scheduleAlerts = new ScheduleAlerts({
      members,
      billing,
      reports: new FakeReportDirectory(),
      claims: new MemoryClaimRecordRepository(),
      scheduler,
      clock: manual,
      log: silentLog,
    });
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted(dispatches, manual, scheduleAlerts);
    const event = { eventId: 'e1', reportId: 'r1', location: { latitude: 45, longitude: -122 }, elevationFeet: 5 };

    await handle.execute(event);
    expect((await scheduler.pending()).map((p) => p.job.memberId)).toEqual(['m1']);
    expect((await dispatches.findByReportId('r1'))?.status).toBe('scheduled');

    await scheduler.cancelForReport('r1'); // as if the job ran
    await handle.execute(event);
    expect(await scheduler.pending()).toEqual([]);
  });
});
