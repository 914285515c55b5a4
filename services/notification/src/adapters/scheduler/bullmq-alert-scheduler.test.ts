import { memberOf } from '../../testing/dispatch-fakes.js';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { waitUntil } from '@swarm/testing';
import { Queue } from 'bullmq';
import { describe, expect, it, vi } from 'vitest';
import type { AlertScheduler } from '../../app/ports/alert-jobs.js';
import { alertJob } from '../../domain/alert-schedule.js';
import { alertSchedulerContract, ManualClock } from '../alert-scheduler.contract.js';
import { BullMqAlertScheduler } from './bullmq-alert-scheduler.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A prefix of its own per scheduler, so parallel test runs on the shared Redis never see each other's jobs. */
const uniquePrefix = () => `test-alerts-${randomUUID()}`;

alertSchedulerContract(
  'BullMQ on Redis',
  async (clock, retry) => new BullMqAlertScheduler({ redisUrl, prefix: uniquePrefix(), clock, ...retry }),
  async (scheduler: AlertScheduler) => {
    await (scheduler as BullMqAlertScheduler).obliterate();
    await scheduler.close();
  },
);

describe('BullMqAlertScheduler', () => {
  it("cancels a report's jobs from the report's own list of job ids, never listing the queue", async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const scheduler = new BullMqAlertScheduler({ redisUrl, prefix: uniquePrefix(), clock });
    try {
      const later = new Date('2026-06-01T13:00:00Z');
      const job = (reportId: string, memberId: string) =>
        alertJob({ reportId, memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' });
      await Promise.all(Array.from({ length: 40 }, (_, index) => scheduler.schedule(job(`other-${index}`, 'm1'), later)));
      await scheduler.schedule(job('r1', 'm1'), later);
      await scheduler.schedule(job('r1', 'm2'), later);
      const listing = vi.spyOn(Queue.prototype, 'getJobs');

      expect(await scheduler.cancelForReport('r1')).toBe(2);

      expect(listing).not.toHaveBeenCalled();
      listing.mockRestore();
      const left = await scheduler.pending();
      expect(left).toHaveLength(40);
      expect(left.some((pending) => pending.job.reportId === 'r1')).toBe(false);
    } finally {
      await scheduler.obliterate();
      await scheduler.close();
    }
  });

  it('keeps pending jobs across a restart of the service', async () => {
    const prefix = uniquePrefix();
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const job = alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' });
    const runAt = new Date('2026-06-01T13:00:00Z');
    const first = new BullMqAlertScheduler({ redisUrl, prefix, clock });
    await first.schedule(job, runAt);
    await first.close();

    const second = new BullMqAlertScheduler({ redisUrl, prefix, clock });
    expect(await second.pending()).toEqual([{ job, runAt }]);
    await second.obliterate();
    await second.close();
  });

  it('runs the jobs left due while the service was down once each after it restarts', async () => {
    const prefix = uniquePrefix();
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const jobs = ['m1', 'm2', 'm3'].map((memberId) =>
      alertJob({ reportId: 'r1', memberId, companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' }),
    );
    const before = new BullMqAlertScheduler({ redisUrl, prefix, clock });
    for (const job of jobs) await before.schedule(job, clock.now());
    await before.close();

    const after = new BullMqAlertScheduler({ redisUrl, prefix, clock });
    const ran: string[] = [];
    await after.start(async (job) => {
      ran.push(memberOf(job) ?? '');
      return { kind: 'done' };
    });
    await waitUntil(async () => ran.length === 3, 5_000, 'the three jobs');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran.sort()).toEqual(['m1', 'm2', 'm3']);
    await after.obliterate();
    await after.close();
  });

  it('runs again, one to two lock periods later, a job whose process was killed while running it', { timeout: 20_000 }, async () => {
    const prefix = uniquePrefix();
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const job = alertJob({ reportId: 'r1', memberId: 'm1', companyId: 'c', companyName: 'C', distanceMiles: 1, round: 'submitted' });
    // Another process takes the job and hangs in it until it is SIGKILLed: its lock is no longer renewed.
    const dying = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { BullMqAlertScheduler } from './src/adapters/scheduler/bullmq-alert-scheduler.ts';
         const scheduler = new BullMqAlertScheduler({ redisUrl: ${JSON.stringify(redisUrl)}, prefix: ${JSON.stringify(prefix)}, clock: { now: () => new Date() }, lockMs: 1000 });
         await scheduler.start(() => { console.log('running'); return new Promise(() => undefined); });`,
      ],
      { cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const next = new BullMqAlertScheduler({ redisUrl, prefix, clock, lockMs: 1_000 });
    try {
      const running = new Promise<void>((resolve) => dying.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('running') && resolve()));
      await next.schedule(job, clock.now());
      await running;
      dying.kill('SIGKILL');

      const ran: string[] = [];
      await next.start(async (again) => {
        ran.push(memberOf(again) ?? '');
        return { kind: 'done' };
      });
      await waitUntil(() => ran.length === 1, 10_000, 'the job of the killed process to run again');
      expect(ran).toEqual(['m1']);
    } finally {
      dying.kill('SIGKILL');
      await next.obliterate();
      await next.close();
    }
  });
});
