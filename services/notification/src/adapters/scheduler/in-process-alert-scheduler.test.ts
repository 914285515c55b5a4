import { describe, expect, it } from 'vitest';
import { alertJob } from '../../domain/alert-schedule.js';
import { alertSchedulerContract, ManualClock } from '../alert-scheduler.contract.js';
import { InProcessAlertScheduler } from './in-process-alert-scheduler.js';

alertSchedulerContract('in-process', async (clock, retry) => new InProcessAlertScheduler(clock, retry));

describe('InProcessAlertScheduler', () => {
  it('runs a job when the controlled clock reaches its time', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
    const scheduler = new InProcessAlertScheduler(clock);
    const ran: string[] = [];
    await scheduler.start(async (job) => {
      ran.push(job.memberId);
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
