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

/** What a scheduled alert job carries: enough to charge and address the alert without asking again. */
export type AlertJob = {
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

/** Keys the SMS and the AlertSent event of one alert run, stable across retries of the same job. */
export function alertSendKey(job: AlertJob): string {
  return `${job.jobId}--${job.round}`;
}

export function alertJob(fields: Omit<AlertJob, 'jobId'>): AlertJob {
  return { jobId: alertJobId(fields.reportId, fields.memberId), ...fields };
}
