import type { ReportAssociation } from '../domain/report.js';
import { ReportError } from '../domain/report-error.js';
import type { ReportRepository } from './ports.js';

/** The associations alerted about a report, for the reporter's thank-you page. */
export class ListReportAssociations {
  constructor(private readonly reports: ReportRepository) {}

  async execute(reportId: string): Promise<ReportAssociation[]> {
    const report = await this.reports.findById(reportId);
    if (!report) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    return report.associations;
  }
}
