import { currentTraceparent, openTrace } from '@swarm/runtime';
import type { AlertJobHandler, AlertScheduler } from '../../app/ports/alert-jobs.js';
import type { Clock } from '../../app/ports/clock-and-log.js';
import { cancelledWithReport, type DispatchJob } from '../../domain/alert-schedule.js';
import { dispatchedReportSubmittedAt, withinAlertJob } from '../telemetry/alert-job-context.js';
import { alertJobSpan } from './alert-job-span.js';

/** setTimeout fires at once for delays above 2^31-1 ms; longer waits are re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Due jobs run this many at a time by default, so a wave of alerts never floods the loop. In the one embedded process
 * an alert job is CPU on the same thread as every request: two at a time keep the SMS provider's round trips
 * overlapped, and more only delay the requests (1,000-member fan-out, reports meanwhile at 20/s: p99 25 ms with 2,
 * 51 ms with 4, for a fan-out 60 ms longer).
 */
const DEFAULT_CONCURRENCY = 2;

/**
 * How long due jobs wait at most for the requests in flight to be answered (see `foreground`): alerts keep going out
 * under a steady stream of requests, one slot-filling per this many ms at the slowest.
 */
const FOREGROUND_WAIT_MAX_MS = 20;

export type RetryOptions = {
  /** Runs of a failing job in total, the first included. */
  attempts?: number;
  /** Wait before the first retry; doubled for each further one. */
  backoffMs?: number;
};

/**
 * `createdAt`: when the alert began (the report's submission, or the job's first scheduling), kept across retries;
 * `traceparent`: the trace that scheduled it, in which the job runs.
 */
type Entry = { job: DispatchJob; runAt: Date; failures: number; createdAt: Date; traceparent: string | undefined; timer?: NodeJS.Timeout };

/**
 * Alert jobs on timers in this process, for the embedded mode: nothing survives a restart, which the one-process
 * product accepts. Due times are read from the injected clock, so tests can move time and call runDue().
 */
export class InProcessAlertScheduler implements AlertScheduler {
  private readonly entries = new Map<string, Entry>();
  /** The ids of each report's pending jobs, so cancelling a report's jobs visits those only (a report's expiry waits days). */
  private readonly jobIdsOfReport = new Map<string, Set<string>>();
  private readonly running = new Set<Promise<void>>();
  /** Jobs being run, so a cancel that arrives meanwhile also stops their retry or reschedule. */
  private readonly active = new Map<string, { reportId: string; cancellable: boolean; cancelled: boolean }>();
  /** Due jobs waiting for a free slot, oldest due first. */
  private readonly ready: Entry[] = [];
  private slotsTaken = 0;
  private handler: AlertJobHandler | undefined;
  private closed = false;
  /** A takeSlots is queued for the check phase. */
  private takeQueued = false;

  constructor(
    private readonly clock: Clock,
    private readonly options: RetryOptions & {
      onError?: (job: DispatchJob, error: unknown, willRetry: boolean) => void;
      /** Jobs run at once at most; the others wait for a slot (the requests answered meanwhile keep their pace). */
      concurrency?: number;
      /**
       * The requests people wait on in this process (the embedded gateway's): due jobs start only once none is in flight,
       * or after FOREGROUND_WAIT_MAX_MS, so a reporter's submission is not queued behind a wave of alerts.
       */
      foreground?: { busy(): boolean };
    } = {},
  ) {}

  async schedule(job: DispatchJob, runAt: Date): Promise<void> {
    this.drop(job.jobId);
    const entry: Entry = { job: { ...job }, runAt, failures: 0, createdAt: dispatchedReportSubmittedAt() ?? this.clock.now(), traceparent: currentTraceparent() };
    this.store(entry);
    this.arm(entry);
  }

  async cancelForReport(reportId: string): Promise<number> {
    const ids = [...(this.jobIdsOfReport.get(reportId) ?? [])];
    for (const id of ids) this.drop(id);
    for (const run of this.active.values()) if (run.reportId === reportId && run.cancellable) run.cancelled = true;
    return ids.length;
  }

  async pending(): Promise<{ job: DispatchJob; runAt: Date }[]> {
    return [...this.entries.values()]
      .map((entry) => ({ job: { ...entry.job }, runAt: entry.runAt }))
      .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
  }

  /** Jobs by state, as BullMQ names them: waiting (due), delayed (due later), active (running). */
  async depth(): Promise<Record<string, number>> {
    const now = this.clock.now().getTime();
    const entries = [...this.entries.values()];
    const waiting = entries.filter((entry) => entry.runAt.getTime() <= now).length;
    return { waiting, delayed: entries.length - waiting, active: this.active.size };
  }

  async start(handler: AlertJobHandler): Promise<void> {
    this.handler = handler;
    for (const entry of this.entries.values()) this.arm(entry);
  }

  /** Runs every job due by the clock now and waits for them; for a controlled clock. */
  async runDue(): Promise<void> {
    const due = [...this.entries.values()].filter((entry) => entry.runAt.getTime() <= this.clock.now().getTime());
    await Promise.all(due.map((entry) => this.run(entry)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    await Promise.allSettled([...this.running]);
  }

  private drop(jobId: string): void {
    const entry = this.entries.get(jobId);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.unstore(entry);
  }

  private store(entry: Entry): void {
    this.entries.set(entry.job.jobId, entry);
    if (!cancelledWithReport(entry.job)) return;
    const ids = this.jobIdsOfReport.get(entry.job.reportId) ?? new Set<string>();
    ids.add(entry.job.jobId);
    this.jobIdsOfReport.set(entry.job.reportId, ids);
  }

  private unstore(entry: Entry): void {
    this.entries.delete(entry.job.jobId);
    const ids = this.jobIdsOfReport.get(entry.job.reportId);
    ids?.delete(entry.job.jobId);
    if (ids?.size === 0) this.jobIdsOfReport.delete(entry.job.reportId);
  }

  private arm(entry: Entry): void {
    clearTimeout(entry.timer);
    if (!this.handler || this.closed) return;
    const wait = Math.max(0, entry.runAt.getTime() - this.clock.now().getTime());
    entry.timer = setTimeout(() => {
      if (entry.runAt.getTime() > this.clock.now().getTime()) this.arm(entry);
      else this.whenSlotFree(entry);
    }, Math.min(wait, MAX_TIMER_MS));
    entry.timer.unref();
  }

  /** Runs the due job once fewer than `concurrency` run. */
  private whenSlotFree(entry: Entry): void {
    this.ready.push(entry);
    this.takeSlotsSoon();
  }

  /**
   * Due jobs start only from the event loop's check phase (setImmediate), never straight from a timer or from the
   * end of the previous job: the loop polls between jobs, so requests that arrived during one are answered before
   * the next starts, instead of after a whole fan-out whose jobs follow one another on promises.
   */
  private takeSlotsSoon(): void {
    if (this.takeQueued) return;
    this.takeQueued = true;
    const queuedAt = performance.now();
    const take = () => {
      if (!this.closed && this.options.foreground?.busy() && performance.now() - queuedAt < FOREGROUND_WAIT_MAX_MS) {
        setTimeout(take, 1);
        return;
      }
      this.takeQueued = false;
      this.takeSlots();
    };
    setImmediate(take);
  }

  private takeSlots(): void {
    const limit = this.options.concurrency ?? DEFAULT_CONCURRENCY;
    while (this.slotsTaken < limit && this.ready.length > 0) {
      const entry = this.ready.shift()!;
      this.slotsTaken += 1;
      void this.run(entry).finally(() => {
        this.slotsTaken -= 1;
        this.takeSlotsSoon();
      });
    }
  }

  private run(entry: Entry): Promise<void> {
    const handler = this.handler;
    // Only the entry still scheduled runs: a cancelled or replaced job is gone from the map.
    if (!handler || this.closed || this.entries.get(entry.job.jobId) !== entry) return Promise.resolve();
    clearTimeout(entry.timer);
    // The job, and its failure's log line, run in the trace that scheduled it.
    const hop = openTrace(entry.traceparent, alertJobSpan(entry.job, { system: 'in-process', queue: 'alerts' }));
    const attempt = hop.run(async () => {
      // Taken out while it runs so a second runDue() cannot start it twice.
      this.unstore(entry);
      const run = { reportId: entry.job.reportId, cancellable: cancelledWithReport(entry.job), cancelled: false };
      this.active.set(entry.job.jobId, run);
      // A job scheduled again or cancelled while it ran keeps that newer decision.
      const superseded = () => run.cancelled || this.entries.has(entry.job.jobId) || this.closed;
      try {
        const attempt = { final: entry.failures + 1 >= (this.options.attempts ?? 8) };
        const outcome = await withinAlertJob(entry, () => handler({ ...entry.job }, attempt));
        if (outcome.kind === 'reschedule' && !superseded()) this.put({ ...entry, runAt: outcome.runAt, failures: 0 });
      } catch (error) {
        hop.end({ failure: error });
        const failures = entry.failures + 1;
        const willRetry = failures < (this.options.attempts ?? 8);
        this.options.onError?.(entry.job, error, willRetry);
        if (willRetry && !superseded()) {
          const backoff = (this.options.backoffMs ?? 5_000) * 2 ** (failures - 1);
          this.put({ ...entry, runAt: new Date(this.clock.now().getTime() + backoff), failures });
        }
      } finally {
        if (this.active.get(entry.job.jobId) === run) this.active.delete(entry.job.jobId);
        hop.end();
      }
    });
    this.running.add(attempt);
    return attempt.finally(() => this.running.delete(attempt));
  }

  private put(entry: Entry): void {
    const fresh: Entry = { job: entry.job, runAt: entry.runAt, failures: entry.failures, createdAt: entry.createdAt, traceparent: entry.traceparent };
    this.store(fresh);
    this.arm(fresh);
  }
}
