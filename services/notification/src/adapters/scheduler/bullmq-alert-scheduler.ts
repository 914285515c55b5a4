import { continueTrace, currentTraceparent } from '@swarm/runtime';
import { DelayedError, Queue, Worker, type Job, type JobType } from 'bullmq';
import { Redis } from 'ioredis';
import type { AlertJobHandler, AlertScheduler } from '../../app/ports/alert-jobs.js';
import type { Clock } from '../../app/ports/clock-and-log.js';
import { cancelledWithReport, type DispatchJob } from '../../domain/alert-schedule.js';
import { dispatchedReportSubmittedAt, withinAlertJob } from '../telemetry/alert-job-context.js';
import type { RetryOptions } from './in-process-alert-scheduler.js';
import { alertJobSpan } from './alert-job-span.js';

/**
 * `alertBeganAt`: the report's submission when the job was scheduled for it (the alert latency counts from there);
 * `traceparent`: the trace that scheduled it, in which the job runs.
 */
type AlertJobData = { job: DispatchJob; runAt: string; alertBeganAt?: string; traceparent?: string };

/** States of a job that has not run yet (or waits for its next attempt). */
const PENDING_STATES: JobType[] = ['delayed', 'waiting', 'prioritized'];

/**
 * How long a report's list of job ids outlives its latest scheduling: alerts wait for a member's hours at most a week,
 * so by then every job it names has run, and a report that was never cancelled leaves nothing behind.
 */
const REPORT_JOBS_TTL_SECONDS = 30 * 24 * 60 * 60;

export type BullMqAlertSchedulerOptions = RetryOptions & {
  redisUrl: string;
  /** Distinct names let tests (and several stacks on one Redis) keep apart. */
  queueName?: string;
  prefix?: string;
  clock: Clock;
  concurrency?: number;
  /** A running job's lock, renewed at half of it; a dead worker's jobs run again one to two periods later (30 s). */
  lockMs?: number;
  /**
   * How often a job may be taken back from a dead worker before BullMQ gives up on it (10): each run resumes what the
   * last one began, so a job killed again and again still gets sent.
   */
  maxStalledCount?: number;
  onError?: (job: DispatchJob, error: unknown, willRetry: boolean) => void;
  /**
   * Where the errors and reconnections of BullMQ's Redis connections go (a ConnectionWatch logs them). BullMQ prints
   * an error nobody listens to as a raw stack trace, so without this they are dropped.
   */
  connectionEvents?: ConnectionEvents;
};

/** A listener for the connection events of every Redis connection BullMQ opens for the queue and the worker. */
export type ConnectionEvents = { error: (error: unknown) => void; ready: () => void };

const ignoreConnectionEvents: ConnectionEvents = { error: () => undefined, ready: () => undefined };

/**
 * Alert jobs in Redis through BullMQ, so pending alerts survive a restart of the notification service.
 * The job id is the alert's (report, member) id: adding it again while it is pending is a no-op for BullMQ, so
 * schedule() replaces a pending job explicitly when its time changed. A failing run is retried by BullMQ with
 * exponential backoff; the charge is idempotent, so a retry never charges twice. Each report's job ids are also kept
 * in a Redis set of its own, so cancelling a report's jobs visits those jobs only, however long the queue is.
 */
export class BullMqAlertScheduler implements AlertScheduler {
  private readonly queue: Queue<AlertJobData>;
  private worker: Worker<AlertJobData> | undefined;
  private readonly connection: { url: string; maxRetriesPerRequest: null };
  private readonly queueName: string;
  private readonly prefix: string;
  /** For the per-report sets of job ids, beside BullMQ's own keys. */
  private readonly redis: Redis;

  constructor(private readonly options: BullMqAlertSchedulerOptions) {
    // BullMQ's blocking worker connection needs maxRetriesPerRequest: null (TOOLCHAIN.md).
    this.connection = { url: options.redisUrl, maxRetriesPerRequest: null };
    this.queueName = options.queueName ?? 'alerts';
    this.prefix = options.prefix ?? 'swarm';
    this.queue = new Queue<AlertJobData>(this.queueName, { connection: this.connection, prefix: this.prefix });
    this.listen(this.queue);
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const events = options.connectionEvents ?? ignoreConnectionEvents;
    this.redis.on('error', events.error);
    this.redis.on('ready', events.ready);
  }

  async schedule(job: DispatchJob, runAt: Date): Promise<void> {
    const existing = await this.queue.getJob(job.jobId);
    if (existing) {
      const state = await existing.getState();
      const same = existing.data.runAt === runAt.toISOString() && JSON.stringify(existing.data.job) === JSON.stringify(job);
      if ((PENDING_STATES as string[]).includes(state) && same) return;
      // An active job finishes on its own; its run re-checks the report, so the new schedule is not needed twice.
      if (state === 'active') return;
      await existing.remove().catch(() => undefined);
    }
    const began = dispatchedReportSubmittedAt();
    const traceparent = currentTraceparent();
    const data: AlertJobData = { job, runAt: runAt.toISOString(), ...(began ? { alertBeganAt: began.toISOString() } : {}), ...(traceparent ? { traceparent } : {}) };
    // Named before the job exists: a crash in between leaves a name without a job, which a cancel skips, never a
    // job that a cancel could not find.
    if (cancelledWithReport(job)) {
      await this.redis.multi().sadd(this.reportJobsKey(job.reportId), job.jobId).expire(this.reportJobsKey(job.reportId), REPORT_JOBS_TTL_SECONDS).exec();
    }
    await this.queue.add(job.kind, data, {
      jobId: job.jobId,
      delay: this.delayUntil(runAt),
      attempts: this.options.attempts ?? 8,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 5_000 },
      removeOnComplete: true,
      // Failed jobs stay a week for inspection, then go.
      removeOnFail: { age: 7 * 24 * 60 * 60 },
    });
  }

  async cancelForReport(reportId: string): Promise<number> {
    const key = this.reportJobsKey(reportId);
    const visited = await Promise.all(
      (await this.redis.smembers(key)).map(async (jobId) => {
        const state = await this.queue.getJobState(jobId);
        // A job that became active meanwhile is locked and stays (remove answers 0); its run finds the report no
        // longer active.
        const removed = (PENDING_STATES as string[]).includes(state) && (await this.queue.remove(jobId)) === 1;
        // A running job may still go back to wait (a later time, a retry): its name stays for the next cancel.
        const over = removed || state === 'unknown' || state === 'completed' || state === 'failed';
        return { jobId, removed, over };
      }),
    );
    const forgotten = visited.filter((job) => job.over).map((job) => job.jobId);
    if (forgotten.length > 0) await this.redis.srem(key, ...forgotten);
    return visited.filter((job) => job.removed).length;
  }

  async pending(): Promise<{ job: DispatchJob; runAt: Date }[]> {
    const jobs = await this.queue.getJobs(PENDING_STATES);
    return jobs
      .filter((job): job is Job<AlertJobData> => job !== undefined)
      .map((job) => ({ job: job.data.job, runAt: new Date(job.data.runAt) }))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  }

  /** Jobs of the queue by state (waiting, delayed, prioritized, active, failed). */
  async depth(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed');
  }

  async start(handler: AlertJobHandler): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker<AlertJobData>(
      this.queueName,
      async (bullJob, token) => {
        // Without the report's submission, from the job's creation (BullMQ keeps it across retries and delays).
        const began = bullJob.data.alertBeganAt ? new Date(bullJob.data.alertBeganAt) : new Date(bullJob.timestamp);
        // attemptsMade counts the failed runs before this one; a reschedule (DelayedError) is not one.
        const attempt = { final: bullJob.attemptsMade + 1 >= (bullJob.opts.attempts ?? 1) };
        const outcome = await continueTrace(bullJob.data.traceparent, () => withinAlertJob({ createdAt: began }, () => handler(bullJob.data.job, attempt)), {
          span: alertJobSpan(bullJob.data.job, { system: 'bullmq', queue: this.queueName }),
        });
        if (outcome.kind === 'reschedule') {
          await bullJob.updateData({ ...bullJob.data, runAt: outcome.runAt.toISOString() });
          await bullJob.moveToDelayed(Date.now() + this.delayUntil(outcome.runAt), token);
          // Tells BullMQ the job was moved back to delayed rather than completed.
          throw new DelayedError();
        }
      },
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: this.options.concurrency ?? 4,
        lockDuration: this.options.lockMs ?? 30_000,
        stalledInterval: this.options.lockMs ?? 30_000,
        maxStalledCount: this.options.maxStalledCount ?? 10,
      },
    );
    this.worker.on('failed', (bullJob, error) => {
      if (!bullJob || error instanceof DelayedError || error.name === 'DelayedError') return;
      const willRetry = bullJob.attemptsMade < (bullJob.opts.attempts ?? 1);
      continueTrace(bullJob.data.traceparent, () => this.options.onError?.(bullJob.data.job, error, willRetry), { startIfAbsent: false });
    });
    this.listen(this.worker);
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Removes every key of this queue and its per-report sets; for tests with a unique prefix. */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
    const sets = await this.redis.keys(this.reportJobsKey('*'));
    if (sets.length > 0) await this.redis.del(...sets);
  }

  /** The set of a report's job ids, under the queue's own prefix. */
  private reportJobsKey(reportId: string): string {
    return `${this.prefix}:${this.queueName}:report-jobs:${reportId}`;
  }

  /** The queue's and the worker's connections (the worker has a second one for blocking reads) report here. */
  private listen(owner: { on(event: 'error', listener: (error: Error) => void): unknown; getBackend(): { on(event: 'ready', listener: () => void): unknown } }): void {
    const events = this.options.connectionEvents ?? ignoreConnectionEvents;
    owner.on('error', events.error);
    owner.getBackend().on('ready', events.ready);
  }

  /** BullMQ measures delays on the wall clock; the injected clock decides how far away runAt is. */
  private delayUntil(runAt: Date): number {
    return Math.max(0, runAt.getTime() - this.options.clock.now().getTime());
  }
}
