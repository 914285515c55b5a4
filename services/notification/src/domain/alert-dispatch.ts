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

export type ReportState = 'active' | 'claimed' | 'bad';

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

export function startDispatch(report: SubmittedReport, receivedAt: Date): AlertDispatch {
  return {
    ...report,
    coverage: report.coverage.map((member) => ({ ...member })),
    status: 'received',
    receivedAt,
    reportState: 'active',
    reportStateAt: report.submittedAt,
  };
}

/**
 * Whether a state change the report service made at `at` still applies: a report marked bad stays bad, otherwise the
 * newest change wins, so events that arrive out of order (a redelivered claim after the un-claim) change nothing.
 */
export function stateChangeApplies(dispatch: Pick<AlertDispatch, 'reportState' | 'reportStateAt'>, at: Date): boolean {
  return dispatch.reportState !== 'bad' && dispatch.reportStateAt.getTime() < at.getTime();
}
