import { continueTrace, currentTraceparent } from '@swarm/runtime';
import { DelayedError, Queue, Worker, type Job, type JobType } from 'bullmq';
import { Redis } from 'ioredis';
import type { Clock, ReportLifecycleScheduler, ReportTimer, ReportTimerHandler } from '../../app/ports.js';
import { reportTimerSpan } from './report-timer-span.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, reportTimerId, type RetryOptions } from './timer-id.js';

/** A timer as BullMQ keeps it; `traceparent`: the trace that armed it, in which it runs. */
type TimerData = { kind: ReportTimer['kind']; reportId: string; at: string; traceparent?: string };

/** States of a job that has not run yet (or waits for its next attempt). */
const PENDING_STATES: JobType[] = ['delayed', 'waiting', 'prioritized'];

/**
 * How long a report's list of timer ids outlives its latest arming: longer than any timer waits in practice; a
 * report whose timers were never cancelled leaves nothing behind.
 */
const REPORT_TIMERS_TTL_SECONDS = 30 * 24 * 60 * 60;

/** A listener for the connection events of every Redis connection BullMQ opens (a ConnectionWatch logs them). */
export type ConnectionEvents = { error: (error: unknown) => void; ready: () => void };

const ignoreConnectionEvents: ConnectionEvents = { error: () => undefined, ready: () => undefined };

export type BullMqReportLifecycleSchedulerOptions = RetryOptions & {
  redisUrl: string;
  /** Distinct names let tests (and several stacks on one Redis) keep apart. */
  queueName?: string;
  prefix?: string;
  clock: Clock;
  /** A running timer's lock, renewed at half of it; a dead worker's timers run again one to two periods later. */
  lockMs?: number;
  onError?: (timer: ReportTimer, error: unknown, willRetry: boolean) => void;
  /** Where the errors and reconnections of the Redis connections go; BullMQ prints unheard errors as raw stacks. */
  connectionEvents?: ConnectionEvents;
};

/**
 * Lifecycle timers in Redis through BullMQ, so they survive restarts and any replica runs them. The job id is the
 * timer's (kind, report, time): adding it again while it exists is a no-op for BullMQ, so arming is idempotent; a
 * failing run is retried with exponential backoff. Each report's timer ids are also kept in a Redis set of its own, so
 * cancelling visits the report's timers only, however long the queue is.
 */
export class BullMqReportLifecycleScheduler implements ReportLifecycleScheduler {
  private readonly queue: Queue<TimerData>;
  private worker: Worker<TimerData> | undefined;
  private readonly connection: { url: string; maxRetriesPerRequest: null };
  private readonly queueName: string;
  private readonly prefix: string;
  /** For the per-report sets of timer ids, beside BullMQ's own keys. */
  private readonly redis: Redis;

  constructor(private readonly options: BullMqReportLifecycleSchedulerOptions) {
    // BullMQ's blocking worker connection needs maxRetriesPerRequest: null.
    this.connection = { url: options.redisUrl, maxRetriesPerRequest: null };
    this.queueName = options.queueName ?? 'report-timers';
    this.prefix = options.prefix ?? 'swarm';
    this.queue = new Queue<TimerData>(this.queueName, { connection: this.connection, prefix: this.prefix });
    this.listen(this.queue);
    this.redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const events = options.connectionEvents ?? ignoreConnectionEvents;
    this.redis.on('error', events.error);
    this.redis.on('ready', events.ready);
  }

  async schedule(timer: ReportTimer): Promise<void> {
    const id = reportTimerId(timer);
    const existing = await this.queue.getJob(id);
    if (existing) {
      const state = await existing.getState();
      if (state === 'active' || (PENDING_STATES as string[]).includes(state)) return;
      // One that ran, or gave up, is armed again: it was armed because the report still has this timer.
      await existing.remove().catch(() => undefined);
    }
    // Named before the job exists: a crash in between leaves a name without a job, which a cancel skips.
    const key = this.reportTimersKey(timer.reportId);
    await this.redis.multi().sadd(key, id).expire(key, REPORT_TIMERS_TTL_SECONDS).exec();
    const traceparent = currentTraceparent();
    const data: TimerData = { kind: timer.kind, reportId: timer.reportId, at: timer.at.toISOString(), ...(traceparent ? { traceparent } : {}) };
    await this.queue.add(timer.kind, data, {
      jobId: id,
      delay: this.delayUntil(timer.at),
      attempts: this.options.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: true,
      // Failed timers stay a week for inspection, then go.
      removeOnFail: { age: 7 * 24 * 60 * 60 },
    });
  }

  async cancelForReport(reportId: string, keep?: ReportTimer): Promise<number> {
    const key = this.reportTimersKey(reportId);
    const kept = keep && reportTimerId(keep);
    const visited = await Promise.all(
      (await this.redis.smembers(key))
        .filter((id) => id !== kept)
        .map(async (id) => {
          const state = await this.queue.getJobState(id);
          // A running timer is locked and stays (remove answers 0); its run decides on the report as it is.
          const removed = (PENDING_STATES as string[]).includes(state) && (await this.queue.remove(id)) === 1;
          const over = removed || state === 'unknown' || state === 'completed' || state === 'failed';
          return { id, removed, over };
        }),
    );
    const forgotten = visited.filter((timer) => timer.over).map((timer) => timer.id);
    if (forgotten.length > 0) await this.redis.srem(key, ...forgotten);
    return visited.filter((timer) => timer.removed).length;
  }

  async pending(): Promise<ReportTimer[]> {
    const jobs = await this.queue.getJobs(PENDING_STATES);
    return jobs
      .filter((job): job is Job<TimerData> => job !== undefined)
      .map((job) => timerOf(job.data))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** Timers of the queue by state (waiting, delayed, prioritized, active, failed). */
  async depth(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'failed');
  }

  async start(handler: ReportTimerHandler): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker<TimerData>(
      this.queueName,
      async (job, token) => {
        const timer = timerOf(job.data);
        const outcome = await continueTrace(job.data.traceparent, () => handler(timer), { span: reportTimerSpan(timer, { system: 'bullmq', queue: this.queueName }) });
        if (outcome.kind === 'reschedule') {
          await job.moveToDelayed(Date.now() + this.delayUntil(outcome.at), token);
          // Tells BullMQ the job was moved back to delayed rather than completed.
          throw new DelayedError();
        }
      },
      {
        connection: this.connection,
        prefix: this.prefix,
        concurrency: 4,
        lockDuration: this.options.lockMs ?? 30_000,
        stalledInterval: this.options.lockMs ?? 30_000,
      },
    );
    this.worker.on('failed', (job, error) => {
      if (!job || error instanceof DelayedError || error.name === 'DelayedError') return;
      this.options.onError?.(timerOf(job.data), error, job.attemptsMade < (job.opts.attempts ?? 1));
    });
    this.listen(this.worker);
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  /** Removes every key of this queue and its per-report sets; for tests with a prefix of their own. */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
    const sets = await this.redis.keys(this.reportTimersKey('*'));
    if (sets.length > 0) await this.redis.del(...sets);
  }

  /** The set of a report's timer ids, under the queue's own prefix. */
  private reportTimersKey(reportId: string): string {
    return `${this.prefix}:${this.queueName}:report-timers:${reportId}`;
  }

  /** The queue's and the worker's connections (the worker has a second one for blocking reads) report here. */
  private listen(owner: { on(event: 'error', listener: (error: Error) => void): unknown; getBackend(): { on(event: 'ready', listener: () => void): unknown } }): void {
    const events = this.options.connectionEvents ?? ignoreConnectionEvents;
    owner.on('error', events.error);
    owner.getBackend().on('ready', events.ready);
  }

  /** BullMQ measures delays on the wall clock; the injected clock decides how far away a time is. */
  private delayUntil(at: Date): number {
    return Math.max(0, at.getTime() - this.options.clock.now().getTime());
  }
}

function timerOf(data: TimerData): ReportTimer {
  return { kind: data.kind, reportId: data.reportId, at: new Date(data.at) };
}
