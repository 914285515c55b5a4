import { describe, expect, it } from 'vitest';
import type { ReportTimer } from '../../app/ports.js';
import { ManualClock, reportLifecycleSchedulerContract } from '../report-lifecycle-scheduler.contract.js';
import { InProcessReportLifecycleScheduler } from './in-process-report-lifecycle-scheduler.js';

reportLifecycleSchedulerContract('in-process', async (clock, retry) => new InProcessReportLifecycleScheduler(clock, retry));

describe('InProcessReportLifecycleScheduler', () => {
  it('runs a timer further away than a Node timer can wait only once its time has come', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00.000Z'));
    const scheduler = new InProcessReportLifecycleScheduler(clock);
    const ran: ReportTimer[] = [];
    await scheduler.start(async (timer) => {
      ran.push(timer);
      return { kind: 'done' };
    });
    // Thirty days: beyond setTimeout's 24.8-day limit, which would otherwise fire at once.
    const timer: ReportTimer = { kind: 'expire', reportId: 'r1', at: new Date('2026-07-01T12:00:00.000Z') };
    await scheduler.schedule(timer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await scheduler.runDue();
    expect(ran).toEqual([]);
    clock.advance(30 * 24 * 60 * 60 * 1000);
    await scheduler.runDue();
    expect(ran).toEqual([timer]);
    await scheduler.close();
  });

  it('runs nothing after it is closed', async () => {
    const clock = new ManualClock(new Date('2026-06-01T12:00:00.000Z'));
    const scheduler = new InProcessReportLifecycleScheduler(clock);
    const ran: ReportTimer[] = [];
    await scheduler.start(async (timer) => {
      ran.push(timer);
      return { kind: 'done' };
    });
    await scheduler.schedule({ kind: 'close', reportId: 'r1', at: new Date('2026-06-01T13:00:00.000Z') });
    await scheduler.close();
    clock.advance(2 * 60 * 60 * 1000);
    await scheduler.runDue();
    expect(ran).toEqual([]);
  });
});
