import { AsyncLocalStorage } from 'node:async_hooks';

const running = new AsyncLocalStorage<{ createdAt: Date }>();

/** Runs an alert job's handler knowing when the job was created, so the SMS it sends can tell the alert's latency. */
export function withinAlertJob<T>(job: { createdAt: Date }, run: () => Promise<T>): Promise<T> {
  return running.run({ createdAt: job.createdAt }, run);
}

/** When the alert job being run was created; undefined outside an alert job (a location SMS, a reply). */
export function alertJobCreatedAt(): Date | undefined {
  return running.getStore()?.createdAt;
}
