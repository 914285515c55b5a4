import type { DispatchJob } from '../../domain/alert-schedule.js';

// Delayed alert jobs and what running one decides.

/** What running an alert job decided; a thrown error means "retry later with backoff". */
export type AlertJobOutcome = { kind: 'done' } | { kind: 'reschedule'; runAt: Date };

/** `final`: no retry follows if this run throws, so a message it cannot send now will never go. */
export type JobAttempt = { final: boolean };

export type AlertJobHandler = (job: DispatchJob, attempt: JobAttempt) => Promise<AlertJobOutcome>;

/** Delayed alert jobs (BullMQ in the distributed mode, timers in the embedded one). */
export interface AlertScheduler {
  /** Schedules the job to run at `runAt`; a pending job with the same id is replaced, so scheduling is idempotent. */
  schedule(job: DispatchJob, runAt: Date): Promise<void>;
  /** Drops every pending job of the report but its texts (see `cancelledWithReport`); answers how many were dropped. */
  cancelForReport(reportId: string): Promise<number>;
  /** Jobs not yet run, soonest first. */
  pending(): Promise<{ job: DispatchJob; runAt: Date }[]>;
  /** Starts running due jobs with the handler. */
  start(handler: AlertJobHandler): Promise<void>;
  close(): Promise<void>;
}
