import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { ReportService } from '@swarm/proto/report/v1/report_service';
import type { ReportLifecycle } from '../../app/ports/other-services.js';
import type { ReporterGoneCounts } from '../../domain/follow-up-texts.js';

/** Bounds each call so a slow service fails the job (retried later) instead of holding it open. */
const options = { timeoutMs: 5_000 };

const refused = (error: unknown) =>
  error instanceof ConnectError && (error.code === Code.NotFound || error.code === Code.PermissionDenied || error.code === Code.FailedPrecondition);

/** The report service's calls for reporters' and claimers' replies, over its RPC. */
export class RpcReportLifecycle implements ReportLifecycle {
  constructor(private readonly reports: Client<typeof ReportService>) {}

  async markDepartedByReporter(phoneNumber: string): Promise<ReporterGoneCounts> {
    const { departed, claimerTold, settled } = await this.reports.markDepartedByReporter({ reporterPhone: phoneNumber }, options);
    return { departed: departed.length, claimerTold: claimerTold.length, settled: settled.length };
  }

  async recordClaimOutcome(reportId: string, memberId: string, outcome: ClaimOutcomeLabel): Promise<'recorded' | 'refused'> {
    try {
      await this.reports.recordClaimOutcome({ reportId, memberId, outcome }, options);
      return 'recorded';
    } catch (error) {
      if (refused(error)) return 'refused';
      throw error;
    }
  }

  async claimOf(reportId: string, memberId: string): Promise<{ claimedAt: Date; outcome: ClaimOutcomeLabel | undefined } | undefined> {
    const { reports } = await this.reports.listClaimedReportsForMember({ memberId }, options);
    const claimed = reports.find((report) => report.reportId === reportId);
    if (!claimed?.claimedAt) return undefined;
    return { claimedAt: timestampDate(claimed.claimedAt), outcome: claimOutcomes.label(claimed.outcome) };
  }
}
