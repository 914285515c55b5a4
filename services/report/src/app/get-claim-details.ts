import type { GeoPoint, SwarmSize } from '../domain/report.js';
import { isGone } from '../domain/claim.js';
import { ReportError } from '../domain/report-error.js';
import type { ReportRepository } from './ports.js';

export type ClaimDetails = {
  address: string;
  location: GeoPoint;
  reporterName: string;
  reporterPhone: string;
  claimCode: string;
  size: SwarmSize;
  elevationFeet: number;
};

/** Where the swarm is and who reported it: only for the member holding the claim (for the location text). */
export class GetClaimDetails {
  constructor(private readonly reports: ReportRepository) {}

  async execute(reportId: string, memberId: string): Promise<ClaimDetails> {
    const report = await this.reports.findById(reportId);
    if (!report || isGone(report)) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
    if (report.state !== 'claimed' || report.claim?.memberId !== memberId) {
      throw new ReportError('REPORT.NOT_CLAIMER', 'only the member holding the claim may see its details');
    }
    const { address, location, reporterName, reporterPhone, claimCode, size, elevationFeet } = report;
    return { address, location, reporterName, reporterPhone, claimCode, size, elevationFeet };
  }
}
