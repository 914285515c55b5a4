import { startDispatch, type SubmittedReport } from '../domain/alert-dispatch.js';
import { NotificationError } from '../domain/notification-error.js';
import type { Clock, DispatchRepository } from './ports.js';

/** Handles ReportSubmitted: records the report's dispatch once, however often the event is delivered. */
export class StartDispatchOnReportSubmitted {
  constructor(
    private readonly dispatches: DispatchRepository,
    private readonly clock: Clock,
  ) {}

  async execute(report: SubmittedReport): Promise<'recorded' | 'already-recorded'> {
    if (!report.reportId || !report.eventId) {
      throw new NotificationError('NOTIFICATION.INVALID_EVENT', 'ReportSubmitted without a report id or event id');
    }
    return this.dispatches.recordIfAbsent(startDispatch(report, this.clock.now()));
  }
}
