import { continueTrace, currentTraceparent } from '@swarm/runtime';
import type { Clock, ReportLifecycleScheduler, ReportTimer, ReportTimerHandler } from '../../app/ports.js';
import { reportTimerSpan } from './report-timer-span.js';
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF_MS, reportTimerId, type RetryOptions } from './timer-id.js';

/** setTimeout fires at once for delays above 2^31-1 ms (about 24.8 days); longer waits are armed again in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `traceparent`: the trace that armed the timer, in which it runs (as BullMQ's timers do). */
type Entry = { id: string; timer: ReportTimer; runAt: Date; failures: number; traceparent: string | undefined; handle?: NodeJS.Timeout };

/** The queue's name in spans, as BullMQ's adapter names its queue. */
const QUEUE_NAME = 'report-timers';

/**
 * Lifecycle timers on timers of this process, for the embedded mode and a single replica without Redis. Nothing is kept
 * when the process stops: the report service arms every live report's timer again from its store when it starts.
 * Due times are read from the injected clock, so tests can move time and call runDue().
 */
export class InProcessReportLifecycleScheduler implements ReportLifecycleScheduler {
  private readonly entries = new Map<string, Entry>();
  private readonly idsOfReport = new Map<string, Set<string>>();
  /** Timers being run, so arming the same one meanwhile does not run it twice. */
  private readonly running = new Map<string, Promise<void>>();
  private handler: ReportTimerHandler | undefined;
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly options: RetryOptions & { onError?: (timer: ReportTimer, error: unknown, willRetry: boolean) => void } = {},
  ) {}

  async schedule(timer: ReportTimer): Promise<void> {
    const id = reportTimerId(timer);
    if (this.entries.has(id) || this.running.has(id)) return;
    this.put({ id, timer: { ...timer }, runAt: timer.at, failures: 0, traceparent: currentTraceparent() });
  }

  async cancelForReport(reportId: string, keep?: ReportTimer): Promise<number> {
    const kept = keep && reportTimerId(keep);
    const ids = [...(this.idsOfReport.get(reportId) ?? [])].filter((id) => id !== kept);
    for (const id of ids) this.drop(id);
    return ids.length;
  }

  async pending(): Promise<ReportTimer[]> {
    return [...this.entries.values()].sort((a, b) => a.runAt.getTime() - b.runAt.getTime()).map((entry) => ({ ...entry.timer }));
  }

  /** Timers by state, as BullMQ names them: waiting (due), delayed (due later), active (running). */
  async depth(): Promise<Record<string, number>> {
    const now = this.clock.now().getTime();
    const waiting = [...this.entries.values()].filter((entry) => entry.runAt.getTime() <= now).length;
    return { waiting, delayed: this.entries.size - waiting, active: this.running.size };
  }

  async start(handler: ReportTimerHandler): Promise<void> {
    this.handler = handler;
    for (const entry of this.entries.values()) this.arm(entry);
  }

  /** Runs every timer due by the clock now and waits for them; for a controlled clock. */
  async runDue(): Promise<void> {
    const due = [...this.entries.values()].filter((entry) => entry.runAt.getTime() <= this.clock.now().getTime());
    await Promise.all(due.map((entry) => this.run(entry)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.entries.values()) clearTimeout(entry.handle);
    await Promise.allSettled([...this.running.values()]);
  }

  private put(entry: Entry): void {
    this.entries.set(entry.id, entry);
    const ids = this.idsOfReport.get(entry.timer.reportId) ?? new Set<string>();
    ids.add(entry.id);
    this.idsOfReport.set(entry.timer.reportId, ids);
    this.arm(entry);
  }

  private drop(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    clearTimeout(entry.handle);
    this.entries.delete(id);
    const ids = this.idsOfReport.get(entry.timer.reportId);
    ids?.delete(id);
    if (ids?.size === 0) this.idsOfReport.delete(entry.timer.reportId);
  }

  private arm(entry: Entry): void {
    clearTimeout(entry.handle);
    if (!this.handler || this.closed) return;
    const wait = Math.max(0, entry.runAt.getTime() - this.clock.now().getTime());
    entry.handle = setTimeout(() => {
      if (entry.runAt.getTime() > this.clock.now().getTime()) this.arm(entry);
      else void this.run(entry);
    }, Math.min(wait, MAX_TIMER_MS));
    entry.handle.unref();
  }

  private run(entry: Entry): Promise<void> {
    const handler = this.handler;
    // Only the entry still armed runs: a cancelled one is gone from the map, and a running one is out of it.
    if (!handler || this.closed || this.entries.get(entry.id) !== entry) return Promise.resolve();
    this.drop(entry.id);
    const attempts = this.options.attempts ?? DEFAULT_ATTEMPTS;
    const run = (async () => {
      try {
        const outcome = await continueTrace(entry.traceparent, () => handler({ ...entry.timer }), {
          span: reportTimerSpan(entry.timer, { system: 'in-process', queue: QUEUE_NAME }),
        });
        if (outcome.kind === 'reschedule') this.putBack({ ...entry, runAt: outcome.at, failures: 0 });
      } catch (error) {
        const failures = entry.failures + 1;
        const willRetry = failures < attempts;
        this.options.onError?.(entry.timer, error, willRetry);
        const backoff = (this.options.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (failures - 1);
        if (willRetry) this.putBack({ ...entry, runAt: new Date(this.clock.now().getTime() + backoff), failures });
      } finally {
        this.running.delete(entry.id);
      }
    })();
    this.running.set(entry.id, run);
    return run;
  }

  /** Unless the timer was armed afresh or the scheduler closed while it ran. */
  private putBack(entry: Entry): void {
    if (this.closed || this.entries.has(entry.id)) return;
    const { handle: _handle, ...fresh } = entry;
    this.put(fresh);
  }
}
