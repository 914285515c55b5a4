import { describe, expect, it } from 'vitest';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { MemoryClaimRecordRepository } from '../adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { aSubmittedReport, coverageOf, FakeMemberDirectory, memberSettingsFrom, silentLog } from '../testing/dispatch-fakes.js';
import { ReportTimers } from './report-timers.js';
import { ScheduleAlerts } from './schedule-alerts.js';
import { StartDispatchOnReportSubmitted } from './start-dispatch-on-report-submitted.js';

describe('StartDispatchOnReportSubmitted', () => {
  const clock = { now: () => new Date('2026-06-01T12:00:00Z') };

  it('keeps the report as its event carried it, active, once however often the event is delivered', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted({ dispatches, clock });
    const report = aSubmittedReport({ eventId: 'e1', reportId: 'r1', coverage: coverageOf(['m1']) });
    expect(await handle.execute(report)).toBe('recorded');
    expect(await handle.execute({ ...report, coverage: [] })).toBe('already-recorded');
    expect(await dispatches.findByReportId('r1')).toEqual({
      ...report,
      status: 'received',
      receivedAt: clock.now(),
      reportState: 'active',
      reportStateAt: report.submittedAt,
    });
  });

  it('refuses an event without a report id and records nothing, so the bus keeps it rather than acknowledging', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted({ dispatches, clock });
    await expect(handle.execute(aSubmittedReport({ eventId: 'e1', reportId: '' }))).rejects.toMatchObject({ code: 'NOTIFICATION.INVALID_EVENT' });
    expect(await dispatches.findByReportId('')).toBeUndefined();
  });

  it('schedules the alerts from the coverage the event carried, once, and marks the dispatch scheduled, so a redelivery after they ran alerts nobody again', async () => {
    const manual = new ManualClock(clock.now());
    const members = new FakeMemberDirectory();
    const scheduler = new InProcessAlertScheduler(manual);
    const scheduleAlerts = new ScheduleAlerts({
      members: memberSettingsFrom(members),
      claims: new MemoryClaimRecordRepository(),
      scheduler,
      clock: manual,
      log: silentLog,
    });
    const dispatches = new MemoryDispatchRepository();
    const timers = new ReportTimers({ scheduler, log: silentLog }, { escalateAfterMinutes: 30, outcomePromptHours: 4 });
    const handle = new StartDispatchOnReportSubmitted({ dispatches, clock: manual, scheduleAlerts, timers });
    const event = aSubmittedReport({
      eventId: 'e1',
      reportId: 'r1',
      submittedAt: clock.now(),
      expiresAt: new Date('2026-06-04T12:00:00Z'),
      coverage: coverageOf(['m1'], { companyId: 'c1', companyName: 'Bees' }, 2.5),
      widerCoverage: coverageOf(['m9'], { companyId: 'c1', companyName: 'Bees' }, 31),
    });

    await handle.execute(event);
    expect(await scheduler.pending()).toEqual([
      { job: expect.objectContaining({ kind: 'alert', memberId: 'm1', companyId: 'c1', companyName: 'Bees', distanceMiles: 2.5 }), runAt: clock.now() },
      { job: expect.objectContaining({ kind: 'escalation', memberId: 'm9', distanceMiles: 31, round: 'escalation' }), runAt: new Date('2026-06-01T12:30:00Z') },
    ]);
    expect((await dispatches.findByReportId('r1'))?.status).toBe('scheduled');

    await scheduler.cancelForReport('r1'); // as if the job ran
    await handle.execute(event);
    expect(await scheduler.pending()).toEqual([]);
  });
});
