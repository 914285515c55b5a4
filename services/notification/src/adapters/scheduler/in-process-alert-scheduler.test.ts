import { memberOf } from '../../testing/dispatch-fakes.js';
import { describe, expect, it, vi } from 'vitest';
import { alertJob, outcomePromptJob } from '../../domain/alert-schedule.js';
import { alertSchedulerContract, ManualClock } from '../alert-scheduler.contract.js';
import { ForegroundRequests } from '@swarm/runtime';
import { InProcessAlertScheduler } from './in-process-alert-scheduler.js';

alertSchedulerContract('in-process', async (clock, retry) => new InProcessAlertScheduler(clock, retry));

describe('InProcessAlertScheduler', () => {
  it('runs due jobs a few at a time, so a wave of alerts never floods the process', async () => {
    const scheduler = new InProcessAlertScheduler({ now: () => new Date() }, { concurrency: 3 });
    let running = 0;
    let mostAtOnce = 0;
    const ran: string[] = [];
    await scheduler.start(async (job) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      ran.push(memberOf(job) ?? '');
      return { kind: 'done' };
    });
    const members = Array.from({ length: 12 }, (_, index) => `m${index}`);
    for (const memberId of members) {
      await scheduler.schedule(alertJob({ reportId: 'r1', memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }), new Date());
    }
    await vi.waitFor(() => expect(ran).toHaveLength(12));
    expect(mostAtOnce).toBe(3);
    expect([...ran].sort()).toEqual([...members].sort());
    await scheduler.close();
  });

  it('lets the event loop answer what arrived during a job before the next due job starts', async () => {
    const scheduler = new InProcessAlertScheduler({ now: () => new Date() }, { concurrency: 1 });
    const order: string[] = [];
    await scheduler.start(async (job) => {
      const memberId = memberOf(job) ?? '';
      order.push(memberId);
      // Stands for a request that arrived while this job ran; the job itself never waits on I/O.
      if (memberId === 'm0') setImmediate(() => order.push('request'));
      return { kind: 'done' };
    });
    for (const memberId of ['m0', 'm1', 'm2']) {
      await scheduler.schedule(alertJob({ reportId: 'r1', memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }), new Date());
    }
    await vi.waitFor(() => expect(order).toHaveLength(4));
    expect(order.indexOf('request')).toBeLessThan(order.indexOf('m2'));
    await scheduler.close();
  });

  it('starts due jobs once the requests in flight are answered, and after 20 ms at the latest under a steady stream', async () => {
    const foreground = new ForegroundRequests();
    const scheduler = new InProcessAlertScheduler({ now: () => new Date() }, { concurrency: 1, foreground });
    const startedAt: Record<string, number> = {};
    await scheduler.start(async (job) => {
      startedAt[memberOf(job) ?? ''] = performance.now();
      return { kind: 'done' };
    });
    const schedule = (memberId: string) => scheduler.schedule(alertJob({ reportId: 'r1', memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }), new Date());

    const request = foreground.begin();
    await schedule('m-waits');
    // A turn of the event loop: the job would have started by now without the request in flight.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(startedAt['m-waits']).toBeUndefined();
    const answeredAt = performance.now();
    request();
    await vi.waitFor(() => expect(startedAt['m-waits']).toBeGreaterThanOrEqual(answeredAt));

    foreground.begin();
    const queuedAt = performance.now();
    await schedule('m-goes-anyway');
    await vi.waitFor(() => expect(startedAt['m-goes-anyway']).toBeDefined());
    expect(startedAt['m-goes-anyway']! - queuedAt).toBeGreaterThanOrEqual(19);
    await scheduler.close();
  });

  it('runs a job when the controlled clock reaches its time', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const scheduler = new InProcessAlertScheduler(clock);
    const ran: string[] = [];
    await scheduler.start(async (job) => {
      ran.push(memberOf(job) ?? '');
      return { kind: 'done' };
    });
    await scheduler.schedule(alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }), new Date('2026-06-01T12:30:00Z'));
    await scheduler.runDue();
    expect(ran).toEqual([]);
    clock.advance(30 * 60 * 1000);
    await scheduler.runDue();
    expect(ran).toEqual(['m1']);
    await scheduler.close();
  });

  it("cancels a report's jobs, also one put back to a later time, and none of another report", async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const scheduler = new InProcessAlertScheduler(clock);
    await scheduler.start(async (job) => (memberOf(job) === 'm1' ? { kind: 'reschedule', runAt: new Date('2026-06-01T18:00:00Z') } : { kind: 'done' }));
    const job = (reportId: string, memberId: string) => alertJob({ reportId, memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' });
    await scheduler.schedule(job('r1', 'm1'), clock.now());
    await scheduler.schedule(job('r1', 'm2'), new Date('2026-06-02T12:00:00Z'));
    await scheduler.schedule(outcomePromptJob({ reportId: 'r1', memberId: 'm3', claimedAt: new Date('2026-06-01T12:00:00Z') }), new Date('2026-06-04T12:00:00Z'));
    await scheduler.schedule(job('r2', 'm1'), new Date('2026-06-02T12:00:00Z'));
    await scheduler.runDue();
    expect((await scheduler.pending()).map((p) => p.job.jobId)).toContain('alert--r1--m1');
    expect(await scheduler.cancelForReport('r1')).toBe(3);
    expect((await scheduler.pending()).map((p) => p.job.jobId)).toEqual(['alert--r2--m1']);
    expect(await scheduler.cancelForReport('r1')).toBe(0);
    await scheduler.close();
  });

  it('does not retry a job whose report was cancelled while it ran', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const scheduler = new InProcessAlertScheduler(clock, { attempts: 5, backoffMs: 1 });
    let calls = 0;
    await scheduler.start(async () => {
      calls += 1;
      await scheduler.cancelForReport('r1');
      throw new Error('send failed');
    });
    await scheduler.schedule(alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }), clock.now());
    await scheduler.runDue();
    expect(calls).toBe(1);
    expect(await scheduler.pending()).toEqual([]);
    await scheduler.close();
  });
});
