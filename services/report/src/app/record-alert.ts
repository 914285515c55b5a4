import { checkMemberAlert, type UncheckedMemberAlert } from '../domain/member-alert.js';
import type { ReportState } from '../domain/report.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, ReportRepository } from './ports.js';

/**
 * Remembers that a member was alerted about a report, so that they may claim it: from each alert.sent the
 * notification service publishes (and from the RecordAlert call). The first record per (report, member) is kept, so
 * a redelivered event changes nothing. Answers the report's state.
 */
export class RecordAlert {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock }) {}

  /** `alertedAt` defaults to now. */
  async execute(input: UncheckedMemberAlert): Promise<{ state: ReportState }> {
    const alert = checkMemberAlert(input, this.ports.clock.now());
    const report = await this.ports.reports.findById(alert.reportId);
    if (!report) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    await this.ports.reports.recordAlert(alert);
    return { state: report.state };
  }
}
