import { ClaimReport, type ClaimReportResult } from '../../app/claim-report.js';
import { ReportError } from '../../domain/report-error.js';

export type ClaimOutcome = 'won' | 'already_yours' | 'already_claimed' | 'refused';

/** Claiming as the use case does it, telling each claim's outcome (for the claims metric). */
export class CountedClaimReport extends ClaimReport {
  constructor(
    ports: ConstructorParameters<typeof ClaimReport>[0],
    private readonly countClaim: (outcome: ClaimOutcome) => void,
  ) {
    super(ports);
  }

  // A claim by code ends here too, once its code matched a report the member was alerted about.
  override async execute(reportId: string, memberId: string): Promise<ClaimReportResult> {
    try {
      const result = await super.execute(reportId, memberId);
      this.countClaim(result.alreadyYours ? 'already_yours' : 'won');
      return result;
    } catch (error) {
      this.countClaim(error instanceof ReportError && error.code === 'REPORT.ALREADY_CLAIMED' ? 'already_claimed' : 'refused');
      throw error;
    }
  }
}
