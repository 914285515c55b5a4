import type { SwarmSize } from '../domain/report.js';
import type { ReportRepository } from './ports.js';

export type ActiveReportForMember = {
  reportId: string;
  createdAt: Date;
  claimCode: string;
  note: string;
  size: SwarmSize;
  elevationFeet: number;
  distanceMiles: number;
  hasImage: boolean;
};

/** The member area's Active Swarms: still-active reports the member was alerted about, newest first. */
export class ListActiveReportsForMember {
  constructor(private readonly reports: ReportRepository) {}

  async execute(memberId: string): Promise<ActiveReportForMember[]> {
    const alerts = await this.reports.findAlertsForMember(memberId);
    const distances = new Map(alerts.map((alert) => [alert.reportId, alert.distanceMiles]));
    const reports = await this.reports.findByIds([...distances.keys()]);
    return reports
      .filter((report) => report.state === 'active')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((report) => ({
        reportId: report.reportId,
        createdAt: report.createdAt,
        claimCode: report.claimCode,
        note: report.internalNote,
        size: report.size,
        elevationFeet: report.elevationFeet,
        distanceMiles: distances.get(report.reportId) ?? 0,
        hasImage: report.image !== undefined,
      }));
  }
}
