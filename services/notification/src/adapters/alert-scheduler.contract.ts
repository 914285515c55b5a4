import { waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertJobOutcome, AlertScheduler } from '../app/ports/alert-jobs.js';
import type { Clock } from '../app/ports/clock-and-log.js';
import { alertJob, locationJob, textJob, type AlertJob, type DispatchJob } from '../domain/alert-schedule.js';

/** A clock the test moves by hand: delays are checked against it, never waited for. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const job = (reportId: string, memberId: string): AlertJob =>
  alertJob({ reportId, memberId, companyId: 'c1', companyName: 'Bees', distanceMiles: 1.5, round: 'submitted' });

const HOUR = 60 * 60 * 1000;

/**
 * What every AlertScheduler does. `create` builds one with retries 3 attempts, backoff `backoffMs`; `dispose` cleans
 * up after it (closes it and, for Redis, removes the test's keys).
 */
export function alertSchedulerContract(
  name: string,
  create: (clock: Clock, retry: { attempts: number; backoffMs: number }) => Promise<AlertScheduler>,
  dispose: (scheduler: AlertScheduler) => Promise<void> = (scheduler) => scheduler.close(),
): void {
  describe(`AlertScheduler contract: ${name}`, () => {
    let clock: ManualClock;
    let scheduler: AlertScheduler;
    beforeEach(async () => {
      clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
      scheduler = await create(clock, { attempts: 3, backoffMs: 20 });
    });
    afterEach(async () => {
      await dispose(scheduler);
    });

    it('keeps a job pending until its time, with the time it was given', async () => {
      const ran: string[] = [];
      await scheduler.start(async (j) => {
        ran.push(j.jobId);
        return { kind: 'done' };
      });
      const runAt = new Date(clock.now().getTime() + HOUR);
      await scheduler.schedule(job('r1', 'm1'), runAt);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ran).toEqual([]);
      expect(await scheduler.pending()).toEqual([{ job: job('r1', 'm1'), runAt }]);
    });

    it('replaces a pending job when the same alert is scheduled again', async () => {
      await scheduler.schedule(job('r1', 'm1'), new Date(clock.now().getTime() + HOUR));
      await scheduler.schedule(job('r1', 'm1'), new Date(clock.now().getTime() + 2 * HOUR));
      await scheduler.schedule(job('r1', 'm1'), new Date(clock.now().getTime() + 2 * HOUR));
      const pending = await scheduler.pending();
      expect(pending).toHaveLength(1);
      expect(pending[0]?.runAt).toEqual(new Date(clock.now().getTime() + 2 * HOUR));
    });

    it('cancels every pending job of a report and only those', async () => {
      const later = new Date(clock.now().getTime() + HOUR);
      await scheduler.schedule(job('r1', 'm1'), later);
      await scheduler.schedule(job('r1', 'm2'), later);
      await scheduler.schedule(job('r2', 'm1'), later);
      expect(await scheduler.cancelForReport('r1')).toBe(2);
      expect((await scheduler.pending()).map((p) => p.job.jobId)).toEqual([job('r2', 'm1').jobId]);
      expect(await scheduler.cancelForReport('r1')).toBe(0);
    });

    it('leaves a report’s texts due when its other jobs are cancelled: a text decided on still goes', async () => {
      const later = new Date(clock.now().getTime() + HOUR);
      const text = textJob({ key: 'reporter-claimed--e1', purpose: 'reporter-claimed', to: '5035550177', reportId: 'r1', body: 'Swarm Alert: on the way' });
      const location = locationJob({ reportId: 'r1', memberId: 'm1', claimedAt: new Date('2026-06-01T12:00:00Z') });
      await scheduler.schedule(job('r1', 'm1'), later);
      await scheduler.schedule(text, later);
      await scheduler.schedule(location, later);
      expect(await scheduler.cancelForReport('r1')).toBe(1);
      expect((await scheduler.pending()).map((p) => p.job.jobId).sort()).toEqual([location.jobId, text.jobId].sort());
    });

    it('cancels a job scheduled again once, and counts only jobs still pending, not one that already ran', async () => {
      const ran: string[] = [];
      await scheduler.start(async (j) => {
        ran.push(j.jobId);
        return { kind: 'done' };
      });
      await scheduler.schedule(job('r1', 'm1'), clock.now());
      await waitUntil(async () => ran.length === 1 && (await scheduler.pending()).length === 0, 5_000, 'the due job to run');
      await scheduler.schedule(job('r1', 'm2'), new Date(clock.now().getTime() + HOUR));
      await scheduler.schedule(job('r1', 'm2'), new Date(clock.now().getTime() + 2 * HOUR));
      expect(await scheduler.cancelForReport('r1')).toBe(1);
      expect(await scheduler.pending()).toEqual([]);
    });

    it('runs a job that is due and forgets it once done', async () => {
      const ran: DispatchJob[] = [];
      await scheduler.start(async (j) => {
        ran.push(j);
        return { kind: 'done' };
      });
      await scheduler.schedule(job('r1', 'm1'), clock.now());
      await waitUntil(async () => ran.length === 1, 5_000, 'the job to run');
      expect(ran[0]).toEqual(job('r1', 'm1'));
      await waitUntil(async () => (await scheduler.pending()).length === 0, 5_000, 'the job to be gone');
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      let calls = 0;
      await scheduler.start(async () => {
        calls += 1;
        if (calls < 3) throw new Error('provider down');
        return { kind: 'done' };
      });
      await scheduler.schedule(job('r1', 'm1'), clock.now());
      // The in-process scheduler measures backoff on the injected clock; move it along while waiting.
      await waitUntil(
        async () => {
          clock.advance(1_000);
          return calls === 3;
        },
        5_000,
        'three attempts',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(calls).toBe(3);
    });

    it('gives up after the configured attempts, telling the last run it is the last', async () => {
      let calls = 0;
      const finals: boolean[] = [];
      await scheduler.start(async (_job, attempt) => {
        calls += 1;
        finals.push(attempt.final);
        throw new Error('always failing');
      });
      await scheduler.schedule(job('r1', 'm1'), clock.now());
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
      expect(finals).toEqual([false, false, true]);
      expect(await scheduler.pending()).toEqual([]);
    });

    it('puts a job back to wait when its run asks for a later time', async () => {
      const later = new Date(clock.now().getTime() + 3 * HOUR);
      let calls = 0;
      await scheduler.start(async (): Promise<AlertJobOutcome> => {
        calls += 1;
        return { kind: 'reschedule', runAt: later };
      });
      await scheduler.schedule(job('r1', 'm1'), clock.now());
      await waitUntil(async () => (await scheduler.pending()).some((p) => p.runAt.getTime() === later.getTime()), 5_000, 'the job to wait again');
      expect(calls).toBe(1);
      expect(await scheduler.pending()).toEqual([{ job: job('r1', 'm1'), runAt: later }]);
    });
  });
}
