import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { ReportService } from '@swarm/proto/report/v1/report_service';
import { domainErrorCode } from '@swarm/runtime';
import type { ClaimByCodeOutcome, ReportClaims } from '../../app/ports/inbound.js';
import type { ClaimDetails } from '../../domain/inbound-sms.js';
import type { HeldAlert } from '../../domain/sent-alert.js';

/** ReportClaims over the report service's RPC, reading its refusals (code and rule) as outcomes. */
export class RpcReportClaims implements ReportClaims {
  constructor(private readonly reports: Client<typeof ReportService>) {}

  async claimByCode(claimCode: string, memberId: string, alert?: HeldAlert): Promise<ClaimByCodeOutcome> {
    try {
      const claimed = await this.reports.claimReportByCode({
        claimCode,
        memberId,
        ...(alert ? { alert: { ...alert, alertedAt: timestampFromDate(alert.alertedAt) } } : {}),
      });
      return { kind: claimed.alreadyYours ? 'already-yours' : 'claimed', reportId: claimed.reportId, claimCode: claimed.claimCode || claimCode };
    } catch (error) {
      if (!(error instanceof ConnectError)) throw error;
      if (error.code === Code.FailedPrecondition && domainErrorCode(error) === 'REPORT.ALREADY_CLAIMED') return { kind: 'already-claimed' };
      // Not alerted about it counts as no such report: a code must not tell a stranger a swarm exists.
      if (error.code === Code.NotFound || error.code === Code.PermissionDenied) return { kind: 'not-found' };
      throw error;
    }
  }

  async getClaimDetails(reportId: string, memberId: string): Promise<ClaimDetails | undefined> {
    try {
      const details = await this.reports.getClaimDetails({ reportId, memberId });
      return {
        claimCode: details.claimCode,
        address: details.address,
        location: details.location ? { latitude: details.location.latitude, longitude: details.location.longitude } : undefined,
        reporterName: details.reporterName,
        reporterPhone: details.reporterPhone,
      };
    } catch (error) {
      if (error instanceof ConnectError && (error.code === Code.NotFound || error.code === Code.PermissionDenied)) return undefined;
      throw error;
    }
  }
}
