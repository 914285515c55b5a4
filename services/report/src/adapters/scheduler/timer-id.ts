import type { ReportTimer } from '../../app/ports.js';

/**
 * One id per kind, report and time: arming the same timer again finds it, and a timer armed for a new time (after an
 * un-claim) never collides with the old one while that one runs. BullMQ refuses ':' in custom ids and ids that parse
 * as integers; the kind in front avoids both.
 */
export function reportTimerId(timer: ReportTimer): string {
  return `${timer.kind}--${timer.reportId}--${timer.at.getTime()}`;
}

export type RetryOptions = {
  /** Runs of a failing timer in total, the first included. */
  attempts?: number;
  /** Wait before the first retry; doubled for each further one. */
  backoffMs?: number;
};

export const DEFAULT_ATTEMPTS = 10;
export const DEFAULT_BACKOFF_MS = 5_000;
