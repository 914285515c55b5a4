import { timerOf } from '../domain/lifecycle.js';
import type { CloseClaimedReport } from './close-claimed-report.js';
import type { ExpireReport } from './expire-report.js';
import type { Clock, ReportRepository, ReportSettings, ReportTimer, ReportTimerOutcome } from './ports.js';

/**
 * A lifecycle timer came due: the report expires or its claim closes, if that timer is still the report's. A timer the
 * report has moved on from (claimed, un-claimed again, ended) does nothing: the change that moved it armed its new
 * timer. One that came early by this machine's clock waits until the report's moment.
 */
export class RunReportTimer {
  constructor(
    private readonly ports: {
      reports: ReportRepository;
      clock: Clock;
      expireReport: Pick<ExpireReport, 'execute'>;
      closeClaimedReport: Pick<CloseClaimedReport, 'execute'>;
    },
    private readonly settings: ReportSettings,
  ) {}

  async execute(timer: ReportTimer): Promise<ReportTimerOutcome & { acted?: boolean }> {
    const report = await this.ports.reports.findById(timer.reportId);
    const due = report && timerOf(report, this.settings.reportActiveHours);
    if (!due || due.kind !== timer.kind || due.at.getTime() !== timer.at.getTime()) return { kind: 'done', acted: false };
    if (due.at.getTime() > this.ports.clock.now().getTime()) return { kind: 'reschedule', at: due.at };
    const acted = timer.kind === 'expire' ? (await this.ports.expireReport.execute(timer.reportId)).expired : (await this.ports.closeClaimedReport.execute(timer.reportId)).closed;
    return { kind: 'done', acted };
  }
}
