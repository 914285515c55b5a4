import type { LanguageLabel } from '@swarm/proto/labels';

/**
 * What the notification service keeps for each submitted report, fed by the report's events: what ReportSubmitted
 * carried (the coverage computed at submission and what the alert SMS says), the start of its alert dispatch, and the
 * report's state as the claim events told it. Alert jobs read it instead of asking the report service; an un-claim
 * re-alerts from the coverage kept here. Keyed by report, so a redelivered ReportSubmitted never starts a second
 * dispatch.
 */

/** 'received' until every alert job of the report is scheduled, then 'scheduled'. */
export type DispatchStatus = 'received' | 'scheduled';

/** A member covering the swarm, with the paying association their alert goes through (chosen at submission). */
export type CoveringMember = { memberId: string; distanceMiles: number; companyId: string; companyName: string };

/**
 * The report's state as its events told this service: 'bad', 'expired', 'departed' (the reporter texted GONE) and
 * 'closed' (the claim's un-claim window ended) are final.
 */
export type ReportState = 'active' | 'claimed' | 'bad' | 'expired' | 'departed' | 'closed';

export const FINAL_REPORT_STATES: readonly ReportState[] = ['bad', 'expired', 'departed', 'closed'];

/** States in which the report holds its claim code. */
export const LIVE_REPORT_STATES: readonly ReportState[] = ['active', 'claimed'];

/** ReportSubmitted as dispatch reads it. */
export type SubmittedReport = {
  eventId: string;
  reportId: string;
  claimCode: string;
  /** The size's label as the SMS says it ('Softball', 'Basketball', 'Very Large'). */
  size: string;
  elevationFeet: number;
  location: { latitude: number; longitude: number };
  submittedAt: Date;
  coverage: CoveringMember[];
  /** Members covering the place only through their extra miles: alerted if it is still unclaimed a while later. */
  widerCoverage: CoveringMember[];
  /** When the report expires if nobody has claimed it (its submission's; an un-claim sets a later one). */
  expiresAt: Date;
  /** Whether the reporter asked to be texted, and their ten-digit number (empty without consent). */
  reporterUpdates: boolean;
  reporterPhone: string;
  /** The place's town, never the street (absent from reports submitted before it was carried). */
  town?: string;
  hasPicture?: boolean;
  /** The language the reporter used the site in: their texts go in it (absent from dispatches kept before: English). */
  reporterLanguage?: LanguageLabel;
};

export type AlertDispatch = SubmittedReport & {
  status: DispatchStatus;
  receivedAt: Date;
  scheduledAt?: Date;
  /** Alert jobs of the report run only while it is active. */
  reportState: ReportState;
  /** When the state last changed (the submission at first): a change older than this arrives late and is ignored. */
  reportStateAt: Date;
};

/**
 * A dispatch without its coverage lists: what each alert job and prompt reads. A report covering 1,000 members is
 * read 1,000 times in its fan-out, and copying every covering member each time made the fan-out quadratic.
 */
export type DispatchSummary = Omit<AlertDispatch, 'coverage' | 'widerCoverage'>;

export function startDispatch(report: SubmittedReport, receivedAt: Date): AlertDispatch {
  return {
    ...report,
    coverage: report.coverage.map((member) => ({ ...member })),
    widerCoverage: report.widerCoverage.map((member) => ({ ...member })),
    status: 'received',
    receivedAt,
    reportState: 'active',
    reportStateAt: report.submittedAt,
  };
}

/**
 * Whether a state change the report service made at `at` still applies: a final state stays, otherwise the newest
 * change wins, so events that arrive out of order (a redelivered claim after the un-claim) change nothing.
 */
export function stateChangeApplies(dispatch: Pick<AlertDispatch, 'reportState' | 'reportStateAt'>, at: Date): boolean {
  return !FINAL_REPORT_STATES.includes(dispatch.reportState) && dispatch.reportStateAt.getTime() < at.getTime();
}

/** The association a member is alerted through for this report (regular or wider coverage), if covered. */
export function coveringMemberOf(dispatch: Pick<AlertDispatch, 'coverage' | 'widerCoverage'>, memberId: string): CoveringMember | undefined {
  return dispatch.coverage.find((member) => member.memberId === memberId) ?? dispatch.widerCoverage.find((member) => member.memberId === memberId);
}

/**
 * The place kept once the reporter's data is erased (report.reporter_data_erased): rounded to two decimals of a degree,
 * about a kilometre, which no longer points at a house but still at the town.
 */
export function townLevel(location: { latitude: number; longitude: number }): { latitude: number; longitude: number } {
  const round = (degrees: number) => Math.round(degrees * 100) / 100;
  return { latitude: round(location.latitude), longitude: round(location.longitude) };
}
