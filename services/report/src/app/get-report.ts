import type { Report } from '../domain/report.js';
import { ReportError } from '../domain/report-error.js';
import type { ReportRepository } from './ports.js';

export class GetReport {
  constructor(private readonly reports: ReportRepository) {}

  async execute(reportId: string): Promise<Report> {
    const report = await this.reports.findById(reportId);
    if (!report) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    return report;
  }
}
