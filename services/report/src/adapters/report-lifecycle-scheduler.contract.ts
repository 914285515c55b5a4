import { currentTraceId, startTrace, startTraceExport } from '@swarm/runtime';
import { startOtlpReceiver, testLogger, waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock, ReportLifecycleScheduler, ReportTimer, ReportTimerOutcome } from '../app/ports.js';

/** A clock the test moves by hand: due times are checked against it, never waited for. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-06-01T12:00:00.000Z');
const expiry = (reportId: string, hours: number): ReportTimer => ({ kind: 'expire', reportId, at: new Date(START.getTime() + hours * HOUR) });
const close = (reportId: string, hours: number): ReportTimer => ({ kind: 'close', reportId, at: new Date(START.getTime() + hours * HOUR) });
const done: ReportTimerOutcome = { kind: 'done' };

/**
 * What every ReportLifecycleScheduler does. `create` builds one on the clock with 3 attempts and a short backoff;
 * `dispose` cleans up after it (closes it and, for Redis, removes the test's keys).
 */
export function reportLifecycleSchedulerContract(
  name: string,
  create: (clock: Clock, retry: { attempts: number; backoffMs: number }) => Promise<ReportLifecycleScheduler>,
  dispose: (scheduler: ReportLifecycleScheduler) => Promise<void> = (scheduler) => scheduler.close(),
): void {
  describe(`ReportLifecycleScheduler contract: ${name}`, () => {
    let clock: ManualClock;
    let scheduler: ReportLifecycleScheduler;
    beforeEach(async () => {
      clock = new ManualClock(START);
      scheduler = await create(clock, { attempts: 3, backoffMs: 20 });
    });
    afterEach(async () => {
      await dispose(scheduler);
    });

    it('keeps a timer pending until its time', async () => {
      const ran: ReportTimer[] = [];
      await scheduler.start(async (timer) => {
        ran.push(timer);
        return done;
      });
      await scheduler.schedule(expiry('r1', 72));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual([]);
      expect(await scheduler.pending()).toEqual([expiry('r1', 72)]);
    });

    it('arms the same timer once however often it is armed, and a timer for another time beside it', async () => {
      await scheduler.schedule(expiry('r1', 72));
      await scheduler.schedule(expiry('r1', 72));
      await scheduler.schedule(expiry('r1', 80));
      expect(await scheduler.pending()).toEqual([expiry('r1', 72), expiry('r1', 80)]);
    });

    it("cancels a report's pending timers but the one kept, and no other report's", async () => {
      await scheduler.schedule(expiry('r1', 72));
      await scheduler.schedule(close('r1', 90));
      await scheduler.schedule(expiry('r2', 72));
      expect(await scheduler.cancelForReport('r1', close('r1', 90))).toBe(1);
      expect(await scheduler.pending()).toEqual([expiry('r2', 72), close('r1', 90)]);
      expect(await scheduler.cancelForReport('r1')).toBe(1);
      expect(await scheduler.pending()).toEqual([expiry('r2', 72)]);
      expect(await scheduler.cancelForReport('r1')).toBe(0);
    });

    it('runs a due timer once, with its kind, report and time, and forgets it', async () => {
      const ran: ReportTimer[] = [];
      await scheduler.start(async (timer) => {
        ran.push(timer);
        return done;
      });
      await scheduler.schedule(expiry('r1', 0));
      await waitUntil(async () => ran.length === 1 && (await scheduler.pending()).length === 0, 5_000, 'the due timer to run');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual([expiry('r1', 0)]);
    });

    it('runs a timer that ran already again when it is armed again (the report still has it)', async () => {
      const ran: ReportTimer[] = [];
      await scheduler.start(async (timer) => {
        ran.push(timer);
        return done;
      });
      await scheduler.schedule(close('r1', 0));
      await waitUntil(async () => ran.length === 1 && (await scheduler.pending()).length === 0, 5_000, 'the first run');
      await scheduler.schedule(close('r1', 0));
      await waitUntil(async () => ran.length === 2, 5_000, 'the second run');
      expect(ran).toEqual([close('r1', 0), close('r1', 0)]);
    });

    it('tries a failing timer again with backoff until it succeeds', async () => {
      let calls = 0;
      await scheduler.start(async () => {
        calls += 1;
        if (calls < 3) throw new Error('store away');
        return done;
      });
      await scheduler.schedule(expiry('r1', 0));
      await waitUntil(
        async () => {
          // The in-process scheduler measures backoff on the injected clock; move it along while waiting.
          clock.advance(1_000);
          return calls === 3;
        },
        5_000,
        'three attempts',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(3);
      expect(await scheduler.pending()).toEqual([]);
    });

    it('gives up after the configured attempts, and runs the timer again once it is armed again', async () => {
      let calls = 0;
      await scheduler.start(async () => {
        calls += 1;
        if (calls <= 3) throw new Error('always failing');
        return done;
      });
      await scheduler.schedule(expiry('r1', 0));
      await waitUntil(
        async () => {
          clock.advance(1_000);
          return calls === 3;
        },
        5_000,
        'three attempts',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(calls).toBe(3);
      expect(await scheduler.pending()).toEqual([]);
      await scheduler.schedule(expiry('r1', 0));
      await waitUntil(async () => calls === 4, 5_000, 'the run after arming again');
    });

    it('puts a timer back to wait when its run asks for a later time', async () => {
      const later = new Date(START.getTime() + 3 * HOUR);
      let calls = 0;
      await scheduler.start(async () => {
        calls += 1;
        return { kind: 'reschedule', at: later };
      });
      await scheduler.schedule(expiry('r1', 0));
      await waitUntil(async () => calls === 1 && (await scheduler.pending()).length === 1, 5_000, 'the timer to wait again');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(1);
      expect(await scheduler.pending()).toEqual([expiry('r1', 0)]);
    });

    it('runs a timer in the trace that armed it, exported as a span of its own while spans are exported', async () => {
      const receiver = await startOtlpReceiver();
      const traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, 'report', testLogger());
      try {
        const ranIn: (string | undefined)[] = [];
        await scheduler.start(async () => {
          ranIn.push(currentTraceId());
          return done;
        });
        const armedIn = await startTrace(
          async () => {
            await scheduler.schedule(expiry('r1', 0));
            return currentTraceId();
          },
          { name: 'process report.claimed', kind: 'consumer' },
        );
        await waitUntil(() => ranIn.length === 1, 5_000, 'the timer to run');
        await traceExport?.close();

        expect(armedIn).toMatch(/^[0-9a-f]{32}$/);
        expect(ranIn).toEqual([armedIn]);
        const run = receiver.spans.filter((span) => span.name === 'process report-timers');
        expect(run).toHaveLength(1);
        expect(run[0]).toMatchObject({ traceId: armedIn, parentSpanId: receiver.spans.find((span) => span.name === 'process report.claimed')?.spanId });
        expect(run[0]?.attributes).toMatchObject({ 'swarm.timer.kind': 'expire', 'swarm.report.id': 'r1', 'messaging.operation.type': 'process' });
      } finally {
        await traceExport?.close();
        await receiver.close();
      }
    });
  });
}
