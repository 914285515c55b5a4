import { withinClaimWindow } from '../domain/claim.js';
import type { ClaimOutcome, SwarmSize } from '../domain/report.js';
import type { Clock, ReportRepository } from './ports.js';

export type ClaimedReportForMember = {
  reportId: string;
  createdAt: Date;
  claimedAt: Date;
  claimCode: string;
  note: string;
  size: SwarmSize;
  elevationFeet: number;
  /** The association the member's alert came through; '' when no alert is on record. */
  companyName: string;
  canUnclaim: boolean;
  hasImage: boolean;
  /** What the member recorded became of the swarm; absent until they do. */
  outcome?: ClaimOutcome;
};

/**
 * The member area's Claimed Swarms: reports the member holds (also once closed), newest first, with whether un-claim
 * is still allowed and the outcome recorded.
 */
export class ListClaimedReportsForMember {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock }) {}

  async execute(memberId: string): Promise<ClaimedReportForMember[]> {
    const [reports, alerts] = await Promise.all([this.ports.reports.findClaimedBy(memberId), this.ports.reports.findAlertsForMember(memberId)]);
    const companies = new Map(alerts.map((alert) => [alert.reportId, alert.companyName]));
    const now = this.ports.clock.now();
    return reports
      .filter((report) => report.claim !== undefined)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((report) => ({
        reportId: report.reportId,
        createdAt: report.createdAt,
        claimedAt: report.claim!.claimedAt,
        claimCode: report.claimCode,
        note: report.internalNote,
        size: report.size,
        elevationFeet: report.elevationFeet,
        companyName: companies.get(report.reportId) ?? '',
        canUnclaim: withinClaimWindow(report.claim!.claimedAt, now),
        hasImage: report.image !== undefined,
        ...(report.claim!.outcome ? { outcome: report.claim!.outcome } : {}),
      }));
  }
}
