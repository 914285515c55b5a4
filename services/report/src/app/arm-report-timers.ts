import { timerOf } from '../domain/lifecycle.js';
import type { Report } from '../domain/report.js';
import type { ReportLifecycleScheduler, ReportRepository, ReportSettings, ReportTimer } from './ports.js';

/** Live reports read per page when every timer is armed again. */
const PAGE_SIZE = 500;

/**
 * Keeps each report's lifecycle timer in step with its state: an active report's expiry, a claimed report's close, none
 * once it has ended; any other timer of the report is dropped. Decided on the report as it is now, so arming after
 * each change (in whatever order the changes are seen) and arming every live report again (at each start) agree,
 * and arming twice is harmless.
 */
export class ArmReportTimers {
  constructor(
    private readonly ports: { reports: ReportRepository; timers: ReportLifecycleScheduler },
    private readonly settings: ReportSettings,
  ) {}

  /** After a change of the report; an unknown report has nothing to arm. */
  async forReport(reportId: string): Promise<ReportTimer | undefined> {
    const report = await this.ports.reports.findById(reportId);
    if (!report) return undefined;
    return this.arm(report);
  }

  /**
   * Every live report's timer, page by page: what a process keeping timers in memory lost when it stopped, and what
   * any timer store lost, is armed again. Answers how many reports were visited.
   */
  async forLiveReports(): Promise<number> {
    let visited = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.ports.reports.findLiveAfterClaimCode(after, PAGE_SIZE);
      for (const report of page) await this.arm(report);
      visited += page.length;
      if (page.length < PAGE_SIZE) return visited;
      after = page.at(-1)!.claimCode;
    }
  }

  private async arm(report: Report): Promise<ReportTimer | undefined> {
    const due = timerOf(report, this.settings.reportActiveHours);
    const timer = due && { kind: due.kind, reportId: report.reportId, at: due.at };
    // Armed before the others go, so a crash in between leaves a stale timer (harmless), never none.
    if (timer) await this.ports.timers.schedule(timer);
    await this.ports.timers.cancelForReport(report.reportId, timer);
    return timer;
  }
}
