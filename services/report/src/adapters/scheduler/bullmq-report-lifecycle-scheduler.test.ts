import { randomUUID } from 'node:crypto';
import { testRedisUrl, waitUntil } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import type { ReportLifecycleScheduler, ReportTimer } from '../../app/ports.js';
import { ManualClock, reportLifecycleSchedulerContract } from '../report-lifecycle-scheduler.contract.js';
import { BullMqReportLifecycleScheduler } from './bullmq-report-lifecycle-scheduler.js';

/** A prefix of its own per scheduler, so parallel test runs on the shared Redis never see each other's timers. */
const uniquePrefix = () => `test-report-timers-${randomUUID()}`;

reportLifecycleSchedulerContract(
  'BullMQ on Redis',
  async (clock, retry) => new BullMqReportLifecycleScheduler({ redisUrl: testRedisUrl(), prefix: uniquePrefix(), clock, ...retry }),
  async (scheduler: ReportLifecycleScheduler) => {
    await (scheduler as BullMqReportLifecycleScheduler).obliterate();
    await scheduler.close();
  },
);

describe('BullMqReportLifecycleScheduler', () => {
  const clock = new ManualClock(new Date('2026-06-01T12:00:00.000Z'));

  it('keeps pending timers across a restart of the service, and runs those due after it', async () => {
    const prefix = uniquePrefix();
    const later: ReportTimer = { kind: 'expire', reportId: 'r1', at: new Date('2026-06-04T12:00:00.000Z') };
    const due: ReportTimer = { kind: 'close', reportId: 'r2', at: new Date('2026-06-01T12:00:00.000Z') };
    const before = new BullMqReportLifecycleScheduler({ redisUrl: testRedisUrl(), prefix, clock });
    await before.schedule(later);
    await before.schedule(due);
    await before.close();

    const after = new BullMqReportLifecycleScheduler({ redisUrl: testRedisUrl(), prefix, clock });
    try {
      const ran: ReportTimer[] = [];
      await after.start(async (timer) => {
        ran.push(timer);
        return { kind: 'done' };
      });
      await waitUntil(() => ran.length === 1, 5_000, 'the timer due while the service was down');
      expect(ran).toEqual([due]);
      expect(await after.pending()).toEqual([later]);
    } finally {
      await after.obliterate();
      await after.close();
    }
  });
});
