import { AsyncLocalStorage } from 'node:async_hooks';

const running = new AsyncLocalStorage<{ createdAt: Date }>();
const dispatching = new AsyncLocalStorage<{ submittedAt: Date }>();

/**
 * Runs the dispatch of a submitted report knowing when it was submitted, so the alert jobs it schedules count their
 * latency from the submission rather than from their own creation.
 */
export function withinReportDispatch<T>(report: { submittedAt: Date | undefined }, run: () => Promise<T>): Promise<T> {
  return report.submittedAt ? dispatching.run({ submittedAt: report.submittedAt }, run) : run();
}

/** When the report whose alerts are being scheduled was submitted; undefined for other schedules (a re-alert). */
export function dispatchedReportSubmittedAt(): Date | undefined {
  return dispatching.getStore()?.submittedAt;
}

/** Runs an alert job's handler knowing when its alert began (the report's submission, or else the job's creation), so the SMS it sends can tell the alert's latency. */
export function withinAlertJob<T>(job: { createdAt: Date }, run: () => Promise<T>): Promise<T> {
  return running.run({ createdAt: job.createdAt }, run);
}

/** When the alert being sent began; undefined outside an alert job (a location SMS, a reply). */
export function alertJobCreatedAt(): Date | undefined {
  return running.getStore()?.createdAt;
}
