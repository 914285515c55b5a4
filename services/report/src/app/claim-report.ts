import { decideClaim } from '../domain/claim.js';
import { isClaimCode } from '../domain/claim-code.js';
import { closesAt } from '../domain/lifecycle.js';
import { checkMemberAlert, type UncheckedMemberAlert } from '../domain/member-alert.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

export type ClaimReportResult = { reportId: string; claimCode: string; alreadyYours: boolean };

/** Re-reads after a lost conditional change; only an un-claim between read and write makes a second round useful. */
const CLAIM_ATTEMPTS = 5;

/**
 * A member claims a report, in the member area (by id) or by texting its claim code. The first claim wins: the
 * change is conditional on the report still being active, so of concurrent claimers exactly one succeeds and the
 * others are told it is already claimed.
 */
export class ClaimReport {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(reportId: string, memberId: string): Promise<ClaimReportResult> {
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      const [report, alert] = await Promise.all([this.ports.reports.findById(reportId), this.ports.reports.findAlert(reportId, memberId)]);
      const decision = decideClaim(report, memberId, alert !== undefined);
      const result = { reportId, claimCode: report!.claimCode };
      if (decision === 'already-yours') return { ...result, alreadyYours: true };
      const claimedAt = this.ports.clock.now();
      const event = { kind: 'report.claimed' as const, eventId: this.ports.ids.newId(), reportId, memberId, claimedAt, closesAt: closesAt(claimedAt) };
      if (await this.ports.reports.claim(reportId, { memberId, claimedAt }, event)) return { ...result, alreadyYours: false };
    }
    throw new ReportError('REPORT.ALREADY_CLAIMED', 'this swarm has already been claimed by another member');
  }

  /**
   * By a texted code: only the live report with that code the member was alerted about matches; anything else is
   * "not found", so a code guessed by someone not alerted tells them nothing. The reply can overtake alert.sent, so
   * the notification service attaches the alert it sent (`sentAlert`): when it names the report with this code and
   * no alert is recorded yet, it is recorded first, as alert.sent will record it.
   */
  async executeByCode(claimCode: string, memberId: string, sentAlert?: Omit<UncheckedMemberAlert, 'memberId'>): Promise<ClaimReportResult> {
    const code = claimCode.trim();
    const report = isClaimCode(code) ? await this.ports.reports.findLiveByClaimCode(code) : undefined;
    let alert = report && (await this.ports.reports.findAlert(report.reportId, memberId));
    if (report && !alert && sentAlert && sentAlert.reportId === report.reportId) {
      alert = checkMemberAlert({ ...sentAlert, memberId }, this.ports.clock.now());
      await this.ports.reports.recordAlert(alert);
    }
    if (!report || !alert) throw new ReportError('REPORT.NOT_FOUND', 'no report with this claim code');
    return this.execute(report.reportId, memberId);
  }
}
