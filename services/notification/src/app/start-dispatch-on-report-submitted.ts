import { startDispatch, type SubmittedReport } from '../domain/alert-dispatch.js';
import { NotificationError } from '../domain/notification-error.js';
import type { Clock } from './ports/clock-and-log.js';
import type { DispatchRepository } from './ports/stores.js';
import type { ReportTimers } from './report-timers.js';
import type { ScheduleAlerts } from './schedule-alerts.js';

/**
 * Handles ReportSubmitted: keeps the report as the event carried it (coverage included) once, schedules its alerts
 * from that coverage (with its escalation), then marks it scheduled. A redelivery after a crash in between schedules again (idempotent per
 * job id); one after it was marked does nothing, so members whose alert already went out are not alerted twice.
 */
export class StartDispatchOnReportSubmitted {
  constructor(
    private readonly ports: {
      dispatches: DispatchRepository;
      clock: Clock;
      /** Without them (no alert dispatch) a submitted report is only recorded. */
      scheduleAlerts?: ScheduleAlerts;
      timers?: ReportTimers;
    },
  ) {}

  async execute(report: SubmittedReport): Promise<'recorded' | 'already-recorded'> {
    if (!report.reportId || !report.eventId) {
      throw new NotificationError('NOTIFICATION.INVALID_EVENT', 'ReportSubmitted without a report id or event id');
    }
    const recorded = await this.ports.dispatches.recordIfAbsent(startDispatch(report, this.ports.clock.now()));
    if (!this.ports.scheduleAlerts) return recorded;
    const dispatch = await this.ports.dispatches.findByReportId(report.reportId);
    if (!dispatch || dispatch.status === 'scheduled' || dispatch.reportState !== 'active') return recorded;
    await this.ports.scheduleAlerts.execute({ reportId: dispatch.reportId, coverage: dispatch.coverage, round: 'submitted' });
    await this.ports.timers?.whileActive(dispatch, dispatch.submittedAt);
    await this.ports.dispatches.markScheduled(report.reportId, this.ports.clock.now());
    return recorded;
  }
}
