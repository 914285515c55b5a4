import type { MemberAlert } from '../domain/member-alert.js';
import type { ReportState } from '../domain/report.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, ReportRepository } from './ports.js';

/**
 * Remembers that a member is being alerted about a report. The alert job calls it before sending the text, so a
 * member who got the claim code is always allowed to claim with it. Answers the report's state so the job can skip a
 * report no longer active.
 */
export class RecordAlert {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock }) {}

  /** `alertedAt` defaults to now. */
  async execute(input: Omit<MemberAlert, 'alertedAt'> & { alertedAt?: Date | undefined }): Promise<{ state: ReportState }> {
    const report = await this.ports.reports.findById(input.reportId);
    if (!report) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    await this.ports.reports.recordAlert({ ...input, alertedAt: input.alertedAt ?? this.ports.clock.now() });
    return { state: report.state };
  }
}
