import { MemoryOutbox, type OutboxMessage } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { ManualClock } from '../adapters/report-lifecycle-scheduler.contract.js';
import { aReport, anAlert } from '../adapters/report-repository.contract.js';
import { InProcessReportLifecycleScheduler } from '../adapters/scheduler/in-process-report-lifecycle-scheduler.js';
import type { Report } from '../domain/report.js';
import { ArmReportTimers } from './arm-report-timers.js';
import { ClaimReport } from './claim-report.js';
import { CloseClaimedReport } from './close-claimed-report.js';
import { ExpireReport } from './expire-report.js';
import { MarkReportBad } from './mark-report-bad.js';
import type { ReportTimer } from './ports.js';
import { MarkDepartedByReporter } from './reporter-reports.js';
import { RunReportTimer } from './run-report-timer.js';
import { UnclaimReport } from './unclaim-report.js';

const SUBMITTED_AT = new Date('2026-06-01T12:00:00.000Z');
const REPORTER = '5551234567';
const settings = { reportActiveHours: 48 };
const expiry = (reportId: string, at: string): ReportTimer => ({ kind: 'expire', reportId, at: new Date(at) });
const close = (reportId: string, at: string): ReportTimer => ({ kind: 'close', reportId, at: new Date(at) });

/** The report's own timers, on a clock the test moves, with REPORT_ACTIVE_HOURS = 48 (the claim window stays 72 hours). */
describe("the report's lifecycle timers", () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let clock: ManualClock;
  let timers: InProcessReportLifecycleScheduler;
  let ports: { reports: MemoryReportRepository; clock: ManualClock; ids: { newId: () => string } };
  let arm: ArmReportTimers;
  let run: RunReportTimer;
  let report: Report;

  const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
  const messages = async (type: string): Promise<OutboxMessage[]> => (await outbox.pending(1000)).filter((message) => message.type === type);

  beforeEach(async () => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    clock = new ManualClock(SUBMITTED_AT);
    let id = 0;
    ports = { reports, clock, ids: { newId: () => `event-${(id += 1)}` } };
    timers = new InProcessReportLifecycleScheduler(clock);
    arm = new ArmReportTimers({ reports, timers }, settings);
    run = new RunReportTimer({ ...ports, expireReport: new ExpireReport(ports, settings), closeClaimedReport: new CloseClaimedReport(ports) }, settings);
    report = aReport({ claimCode: '04242', reporterPhone: REPORTER, createdAt: SUBMITTED_AT, activeSince: SUBMITTED_AT });
    await reports.create(report, []);
    await reports.recordAlert(anAlert({ reportId: report.reportId, memberId: 'm-1' }));
  });

  describe('armed after each change, from the report as it is', () => {
    it('gives an active report its expiry, REPORT_ACTIVE_HOURS after it became active', async () => {
      expect(await arm.forReport(report.reportId)).toEqual(expiry(report.reportId, '2026-06-03T12:00:00.000Z'));
      expect(await timers.pending()).toEqual([expiry(report.reportId, '2026-06-03T12:00:00.000Z')]);
    });

    it('swaps the expiry for the close 72 hours after a claim, and back, counted from the un-claim', async () => {
      await arm.forReport(report.reportId);
      at('2026-06-02T08:00:00.000Z');
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      await arm.forReport(report.reportId);
      expect(await timers.pending()).toEqual([close(report.reportId, '2026-06-05T08:00:00.000Z')]);
      at('2026-06-02T10:00:00.000Z');
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      await arm.forReport(report.reportId);
      expect(await timers.pending()).toEqual([expiry(report.reportId, '2026-06-04T10:00:00.000Z')]);
    });

    it('leaves no timer to a report that ended: marked bad, or departed', async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      await arm.forReport(report.reportId);
      await new MarkReportBad(ports).execute(report.reportId, 'm-1', 'Other');
      expect(await arm.forReport(report.reportId)).toBeUndefined();
      const other = aReport({ claimCode: '05555', reporterPhone: '5550000000', activeSince: SUBMITTED_AT });
      await reports.create(other, []);
      await arm.forReport(other.reportId);
      await new MarkDepartedByReporter(ports).execute('5550000000');
      await arm.forReport(other.reportId);
      expect(await timers.pending()).toEqual([]);
    });

    it('arms the same whichever order the changes are seen in, and nothing for an unknown report', async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      // The submission's event handled after the claim's: the report is claimed, so its close is armed either way.
      await arm.forReport(report.reportId);
      await arm.forReport(report.reportId);
      expect(await timers.pending()).toEqual([close(report.reportId, '2026-06-04T12:00:00.000Z')]);
      expect(await arm.forReport('missing')).toBeUndefined();
    });

    it('arms every live report from the store, page after page, and none of the ended ones', async () => {
      const more = Array.from({ length: 600 }, (_, index) => aReport({ claimCode: String(10_000 + index), activeSince: SUBMITTED_AT }));
      for (const live of more) await reports.create(live, []);
      await reports.create(aReport({ claimCode: '99999', state: 'expired' }), []);
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      expect(await arm.forLiveReports()).toBe(601);
      const pending = await timers.pending();
      expect(pending).toHaveLength(601);
      expect(pending.filter((timer) => timer.kind === 'close')).toEqual([close(report.reportId, '2026-06-04T12:00:00.000Z')]);
      expect(await arm.forLiveReports()).toBe(601);
      expect(await timers.pending()).toHaveLength(601);
    });
  });

  describe('when a timer comes due', () => {
    it('expires the active report at its time, once', async () => {
      const timer = (await arm.forReport(report.reportId))!;
      at('2026-06-03T12:00:00.000Z');
      expect(await run.execute(timer)).toEqual({ kind: 'done', acted: true });
      expect((await reports.findById(report.reportId))?.state).toBe('expired');
      expect(await run.execute(timer)).toEqual({ kind: 'done', acted: false });
      expect(await messages('report.expired')).toHaveLength(1);
    });

    it("closes the claim at the end of its window, once", async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      const timer = (await arm.forReport(report.reportId))!;
      at('2026-06-04T12:00:00.000Z');
      expect(await run.execute(timer)).toEqual({ kind: 'done', acted: true });
      expect(await run.execute(timer)).toEqual({ kind: 'done', acted: false });
      expect(await messages('report.closed')).toHaveLength(1);
    });

    it('does nothing for a timer the report has moved on from: claimed since, or active again since a later un-claim', async () => {
      const first = (await arm.forReport(report.reportId))!;
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      const claimWindow = (await arm.forReport(report.reportId))!;
      at('2026-06-03T12:00:00.000Z');
      expect(await run.execute(first)).toEqual({ kind: 'done', acted: false });
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      at('2026-06-04T12:00:00.000Z');
      expect(await run.execute(claimWindow)).toEqual({ kind: 'done', acted: false });
      expect(await run.execute(first)).toEqual({ kind: 'done', acted: false });
      expect((await reports.findById(report.reportId))?.state).toBe('active');
      expect([...(await messages('report.expired')), ...(await messages('report.closed'))]).toEqual([]);
    });

    it('waits for the time when the timer came early by this clock', async () => {
      const timer = (await arm.forReport(report.reportId))!;
      at('2026-06-03T11:59:59.000Z');
      expect(await run.execute(timer)).toEqual({ kind: 'reschedule', at: timer.at });
      expect((await reports.findById(report.reportId))?.state).toBe('active');
    });

    it('runs through the scheduler: the expiry goes at its time and leaves nothing pending', async () => {
      await timers.start((timer) => run.execute(timer));
      await arm.forReport(report.reportId);
      at('2026-06-03T11:59:00.000Z');
      await timers.runDue();
      expect((await reports.findById(report.reportId))?.state).toBe('active');
      at('2026-06-03T12:00:00.000Z');
      await timers.runDue();
      expect((await reports.findById(report.reportId))?.state).toBe('expired');
      expect(await arm.forReport(report.reportId)).toBeUndefined();
      expect(await timers.pending()).toEqual([]);
      await timers.close();
    });
  });
});
