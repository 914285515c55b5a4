import { CLAIM_WINDOW_MS } from './claim.js';
import type { Report, ReportClaim } from './report.js';
import { ReportError } from './report-error.js';

/** How long a report stays active when nobody claims it, unless REPORT_ACTIVE_HOURS says otherwise. */
export const DEFAULT_REPORT_ACTIVE_HOURS = 72;

const HOUR_MS = 60 * 60 * 1000;

/** When a report active since `activeSince` expires if nobody claims it. */
export function expiresAt(activeSince: Date, activeHours: number): Date {
  return new Date(activeSince.getTime() + activeHours * HOUR_MS);
}

/** When a claim closes: the end of its 72-hour un-claim window. */
export function closesAt(claimedAt: Date): Date {
  return new Date(claimedAt.getTime() + CLAIM_WINDOW_MS);
}

/**
 * A live report can still change hands: active, or claimed and not yet closed. Only live reports hold their claim
 * code (codes are distinct among them) and answer their reporter's GONE.
 */
export function isLive(report: Pick<Report, 'state' | 'claim'>): boolean {
  return report.state === 'active' || (report.state === 'claimed' && report.claim?.closedAt === undefined);
}

/**
 * A live report as the caller saw it: a transition decided on it applies only while the report is still so (active
 * since the same time, or held by the same claim, not closed), so a change made meanwhile makes it refuse.
 */
export type LiveReportSeen = { state: 'active'; activeSince: Date } | { state: 'claimed'; claim: ReportClaim };

export function liveReportSeen(report: Report): LiveReportSeen | undefined {
  if (!isLive(report)) return undefined;
  if (report.state === 'claimed' && report.claim) return { state: 'claimed', claim: report.claim };
  return { state: 'active', activeSince: report.activeSince };
}

/**
 * What the reporter's GONE does to one of their live reports. An active one departs: nobody holds it. A claimed one
 * stays the claimer's, who is told once, so they can still record what happened (the claimer's outcome is the one the
 * report ends with). Once the claimer recorded an outcome, GONE changes nothing: the swarm was dealt with.
 */
export type GoneEffect = 'depart' | 'tell-claimer' | 'claimer-told' | 'settled';

export function goneEffectOn(report: Report): GoneEffect | undefined {
  const seen = liveReportSeen(report);
  if (!seen) return undefined;
  if (seen.state === 'active') return 'depart';
  if (seen.claim.outcome !== undefined) return 'settled';
  return seen.claim.reporterSaidGoneAt === undefined ? 'tell-claimer' : 'claimer-told';
}

/** Expires only an active report whose expiry has come (at exactly REPORT_ACTIVE_HOURS after it became active). */
export function isDueToExpire(report: Report, now: Date, activeHours: number): boolean {
  return report.state === 'active' && now.getTime() >= expiresAt(report.activeSince, activeHours).getTime();
}

/** Closes only a claimed report not closed yet whose un-claim window has ended (at exactly 72 hours after the claim). */
export function isDueToClose(report: Report, now: Date): report is Report & { claim: ReportClaim } {
  return report.state === 'claimed' && report.claim !== undefined && report.claim.closedAt === undefined && now.getTime() >= closesAt(report.claim.claimedAt).getTime();
}

/**
 * The one lifecycle timer a live report has: an active report expires REPORT_ACTIVE_HOURS after it became active, a
 * claimed one closes when its claim's window ends; a report that has ended has none.
 */
export type ReportTimerKind = 'expire' | 'close';

export type DueTimer = { kind: ReportTimerKind; at: Date };

export function timerOf(report: Report, activeHours: number): DueTimer | undefined {
  if (report.state === 'active') return { kind: 'expire', at: expiresAt(report.activeSince, activeHours) };
  if (report.state === 'claimed' && report.claim && report.claim.closedAt === undefined) return { kind: 'close', at: closesAt(report.claim.claimedAt) };
  return undefined;
}

/** Throws REPORT.NOT_FOUND for a report that does not exist: the lifecycle calls need one to decide on. */
export function existing(report: Report | undefined): Report {
  if (!report) throw new ReportError('REPORT.NOT_FOUND', 'report not found');
  return report;
}

/**
 * The reporter's number as the reports store it (ten digits), from ten digits or +1 and ten digits as the SMS
 * provider sends it; undefined for anything else, which no report was made from.
 */
export function reporterPhoneFrom(text: string): string | undefined {
  const match = /^(?:\+1)?(\d{10})$/.exec(text.trim());
  return match?.[1];
}
