import { startDispatch, type SubmittedReport } from '../domain/alert-dispatch.js';
import { NotificationError } from '../domain/notification-error.js';
import type { Clock, DispatchRepository } from './ports.js';
import type { ScheduleAlerts } from './schedule-alerts.js';

/**
 * Handles ReportSubmitted: keeps the report as the event carried it (coverage included) once, schedules its alerts
 * from that coverage, then marks it scheduled. A redelivery after a crash in between schedules again (idempotent per
 * job id); one after it was marked does nothing, so members whose alert already went out are not alerted twice.
 */
export class StartDispatchOnReportSubmitted {
  constructor(
    private readonly dispatches: DispatchRepository,
    private readonly clock: Clock,
    private readonly scheduleAlerts?: ScheduleAlerts,
  ) {}

  async execute(report: SubmittedReport): Promise<'recorded' | 'already-recorded'> {
    if (!report.reportId || !report.eventId) {
      throw new NotificationError('NOTIFICATION.INVALID_EVENT', 'ReportSubmitted without a report id or event id');
    }
    const recorded = await this.dispatches.recordIfAbsent(startDispatch(report, this.clock.now()));
    if (!this.scheduleAlerts) return recorded;
    const dispatch = await this.dispatches.findByReportId(report.reportId);
    if (!dispatch || dispatch.status === 'scheduled' || dispatch.reportState !== 'active') return recorded;
    await this.scheduleAlerts.execute({ reportId: dispatch.reportId, coverage: dispatch.coverage, round: 'submitted' });
    await this.dispatches.markScheduled(report.reportId, this.clock.now());
    return recorded;
  }
}
