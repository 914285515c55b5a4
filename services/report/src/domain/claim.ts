import { badReportReasons, claimOutcomes, type BadReportReasonLabel } from '@swarm/proto/labels';
import { memberReportMessages } from '@swarm/proto/labels/answers';
import type { ClaimOutcome, Report, ReportClaim } from './report.js';
import { ReportError } from './report-error.js';

/** Spec §9: un-claim and mark-as-bad are allowed for 72 hours after claiming. */
export const CLAIM_WINDOW_MS = 72 * 60 * 60 * 1000;

/** Spec §4: the reasons a member may give when marking a report bad, as the member area offers them. */
export type BadReason = BadReportReasonLabel;

export function isBadReason(value: string): value is BadReason {
  return badReportReasons.isLabel(value);
}

/** Spec §4: marking a report bad requires one of the reasons; the message says which rule was broken. */
export function checkBadReason(value: string): BadReason {
  if (value === '') throw new ReportError('REPORT.INVALID_REASON', memberReportMessages.reasonRequired);
  if (!isBadReason(value)) throw new ReportError('REPORT.INVALID_REASON', memberReportMessages.reasonUnknown);
  return value;
}

/** A report marked bad, expired or departed has left every list: to members it is as good as gone. */
export function isGone(report: Report): boolean {
  return report.state === 'bad' || report.state === 'expired' || report.state === 'departed';
}

/** Whether the claimer may still un-claim or mark bad: strictly before 72 hours have passed since claiming. */
export function withinClaimWindow(claimedAt: Date, now: Date): boolean {
  return now.getTime() < claimedAt.getTime() + CLAIM_WINDOW_MS;
}

/** What a claim by this member does to the report as it is now. */
export type ClaimDecision = 'claim' | 'already-yours';

/**
 * The rules of claiming (spec §4): only a member alerted about a live report may claim it; the first claim wins;
 * claiming again a report you hold changes nothing. A bad report is as good as gone.
 */
export function decideClaim(report: Report | undefined, memberId: string, alerted: boolean): ClaimDecision {
  if (!report || isGone(report)) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
  if (!alerted) throw new ReportError('REPORT.NOT_ALERTED', 'only members alerted about this report may claim it');
  if (report.state === 'active') return 'claim';
  if (report.claim?.memberId === memberId) return 'already-yours';
  throw new ReportError('REPORT.ALREADY_CLAIMED', 'this swarm has already been claimed by another member');
}

/** What the claimer does that only the claim window allows. */
export type ClaimerAction = 'unclaim' | 'mark-bad';

const windowOverMessages: Record<ClaimerAction, string> = {
  unclaim: memberReportMessages.unclaimWindowOver,
  'mark-bad': memberReportMessages.badWindowOver,
};

/**
 * The rules of un-claiming and marking bad: only the current claimer, only within the claim window.
 * Returns the claim the action applies to, so the change can be made conditional on it still being the same one.
 */
export function checkClaimerAction(report: Report | undefined, memberId: string, now: Date, action: ClaimerAction): ReportClaim {
  if (!report || isGone(report)) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
  if (report.state !== 'claimed' || !report.claim) throw new ReportError('REPORT.NOT_CLAIMED', 'this report is not claimed');
  if (report.claim.memberId !== memberId) throw new ReportError('REPORT.NOT_CLAIMER', 'only the member who claimed this report may do this');
  if (!withinClaimWindow(report.claim.claimedAt, now)) {
    throw new ReportError('REPORT.CLAIM_WINDOW_OVER', windowOverMessages[action]);
  }
  return report.claim;
}

export function checkClaimOutcome(value: string): ClaimOutcome {
  if (value === '') throw new ReportError('REPORT.INVALID_OUTCOME', memberReportMessages.outcomeRequired);
  if (!claimOutcomes.isLabel(value)) throw new ReportError('REPORT.INVALID_OUTCOME', memberReportMessages.outcomeUnknown);
  return value;
}

/** Recording an outcome stores it and announces it; the same outcome again changes nothing. */
export type OutcomeDecision = { claim: ReportClaim; change: boolean };

/**
 * Only the claimer records what became of the swarm, at any time after claiming: within the un-claim window or
 * after the claim closed, and also once the reporter said it has gone (the claim is kept). A report marked bad or
 * expired has no outcome to record.
 */
export function decideOutcome(report: Report | undefined, memberId: string, outcome: ClaimOutcome): OutcomeDecision {
  if (!report || report.state === 'bad' || report.state === 'expired') throw new ReportError('REPORT.NOT_FOUND', 'report not found');
  const claim = report.claim;
  if (!claim || (report.state !== 'claimed' && report.state !== 'departed') || claim.memberId !== memberId) {
    throw new ReportError('REPORT.NOT_CLAIMER', 'only the member who claimed this report may record what happened');
  }
  return { claim, change: claim.outcome !== outcome };
}
