/**
 * When a member's alert may go out (spec §4 "Alert batching"): members who claimed recently wait, so members who
 * claim less get a head start on new swarms. 0 recent claims → at once; 1 to 5 → 10 minutes per claim; 6 or more → 60.
 */
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const DEFAULT_RECENT_CLAIMS_WINDOW_DAYS = 7;

export function alertDelayMs(recentClaims: number): number {
  if (recentClaims <= 0) return 0;
  if (recentClaims <= 5) return recentClaims * 10 * MINUTE_MS;
  return 60 * MINUTE_MS;
}

/** Claims at or after this instant count as recent. */
export function recentClaimsSince(now: Date, windowDays: number = DEFAULT_RECENT_CLAIMS_WINDOW_DAYS): Date {
  return new Date(now.getTime() - windowDays * DAY_MS);
}

/** The earliest instant the alert may go out, before the member's availability window is applied. */
export function earliestAlertAt(now: Date, recentClaims: number): Date {
  return new Date(now.getTime() + alertDelayMs(recentClaims));
}

/**
 * One job per (report, member), so scheduling the same alert again replaces it instead of adding a second.
 * BullMQ refuses ':' in custom ids and ids that parse as integers; the prefix avoids both.
 */
export function alertJobId(reportId: string, memberId: string): string {
  return `alert--${reportId}--${memberId}`;
}

/**
 * What a scheduled alert job carries: enough to charge and address the alert without asking again. An 'escalation'
 * is the wider alert of a member who covers the place only through their extra miles, sent if the report is still
 * unclaimed a while after it became active; it goes to each member at most once per report, ever.
 */
export type AlertJob = {
  kind: 'alert' | 'escalation';
  jobId: string;
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  /**
   * Which alerting of the report this is ('submitted', or the un-claim that re-alerted): the SMS idempotency key
   * includes it, so a retry of one alert is deduplicated but a re-alert after an un-claim is a new message.
   */
  round: string;
};

/**
 * The report's expiry and claim close as earlier versions of this service queued them. The report service keeps these
 * timers itself now (and armed its own for every live report when it started), so one still in the queue is let go.
 */
export type RetiredReportLifecycleJob = { kind: 'expire' | 'close'; jobId: string; reportId: string };

/** Asks the claimer, a while after the claim, what became of the swarm. */
export type OutcomePromptJob = { kind: 'outcome-prompt'; jobId: string; reportId: string; memberId: string; claimedAt: string };

/**
 * Why a message goes out: an alert on one of its channels, a text to the reporter, or to a claimer after their claim
 * (the location; the answer to a claim from a notification, as a second notification).
 */
export type TextPurpose =
  | 'alert-sms'
  | 'alert-push'
  | 'alert-email'
  | 'claim-answer-push'
  | 'reporter-claimed'
  | 'reporter-unclaimed'
  | 'reporter-expired'
  | 'claimer-location'
  | 'claimer-location-push'
  | 'claimer-location-email'
  | 'claimer-reporter-gone'
  | 'outcome-prompt';

/** A text other than an alert, keyed so it goes exactly once for the event that caused it. */
export type FollowUpText = { key: string; purpose: TextPurpose; to: string; reportId: string; memberId?: string; body: string };

/**
 * A text an event handler decided on, sent by a job of its own: a handler never waits for the sender's pace (a text
 * may wait its turn behind a whole alert wave), and the job retries until the text is sent once.
 */
export type TextJob = { kind: 'text'; jobId: string; reportId: string; text: FollowUpText };

/** The claimer's location text, composed when it is sent (the reporter's contact is read then, and kept nowhere else). */
export type LocationJob = { kind: 'location'; jobId: string; reportId: string; memberId: string; claimedAt: string };

/** Every delayed job of this service: a report's jobs are cancelled together (see AlertScheduler.cancelForReport). */
export type DispatchJob = AlertJob | RetiredReportLifecycleJob | OutcomePromptJob | TextJob | LocationJob;

/** Texts decided on stay due whatever happens to the report later; every other job of a report goes with it. */
export function cancelledWithReport(job: DispatchJob): boolean {
  return job.kind !== 'text' && job.kind !== 'location';
}

/** Keys the SMS and the AlertSent event of one alert run, stable across retries of the same job. */
export function alertSendKey(job: AlertJob): string {
  return `${job.jobId}--${job.round}`;
}

export function alertJob(fields: Omit<AlertJob, 'jobId' | 'kind'>): AlertJob {
  return { kind: 'alert', jobId: alertJobId(fields.reportId, fields.memberId), ...fields };
}

/** The one wider alert a member may get about a report: its round is fixed, so its send key is too. */
export function escalationJob(fields: Omit<AlertJob, 'jobId' | 'kind' | 'round'>): AlertJob {
  return { kind: 'escalation', jobId: `escalation--${fields.reportId}--${fields.memberId}`, round: 'escalation', ...fields };
}

export function outcomePromptJob(claim: { reportId: string; memberId: string; claimedAt: Date }): OutcomePromptJob {
  return {
    kind: 'outcome-prompt',
    jobId: `outcome-prompt--${claim.reportId}--${claim.memberId}`,
    reportId: claim.reportId,
    memberId: claim.memberId,
    claimedAt: claim.claimedAt.toISOString(),
  };
}

/** BullMQ refuses ':' in custom ids; a text's key may hold one (an ISO time). */
export function textJob(text: FollowUpText): TextJob {
  return { kind: 'text', jobId: `text--${text.key.replaceAll(':', '_')}`, reportId: text.reportId, text };
}

/** One location text per claim: a claim after an un-claim has a new `claimedAt`, and its own text. */
export function locationJob(claim: { reportId: string; memberId: string; claimedAt: Date }): LocationJob {
  return {
    kind: 'location',
    jobId: `location--${claim.reportId}--${claim.memberId}--${claim.claimedAt.getTime()}`,
    reportId: claim.reportId,
    memberId: claim.memberId,
    claimedAt: claim.claimedAt.toISOString(),
  };
}
