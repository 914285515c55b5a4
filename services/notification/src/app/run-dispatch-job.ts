import type { DispatchJob } from '../domain/alert-schedule.js';
import type { AlertJobOutcome } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { ReportLifecycle } from './ports/other-services.js';
import type { RunAlertJob } from './run-alert-job.js';
import type { SendOutcomePrompt } from './send-outcome-prompt.js';

/**
 * Runs a delayed job by its kind. Expiring and closing are the report service's to decide: it changes the report
 * only when it is still due, and announces the change, which this service then follows like any other.
 */
export class RunDispatchJob {
  constructor(
    private readonly ports: {
      runAlertJob: Pick<RunAlertJob, 'execute'>;
      sendOutcomePrompt: Pick<SendOutcomePrompt, 'execute'>;
      reports: Pick<ReportLifecycle, 'expireReport' | 'closeClaimedReport'>;
      log: DispatchLog;
    },
  ) {}

  async execute(job: DispatchJob): Promise<AlertJobOutcome> {
    switch (job.kind) {
      case 'alert':
      case 'escalation':
        return this.ports.runAlertJob.execute(job);
      case 'outcome-prompt':
        return this.ports.sendOutcomePrompt.execute(job);
      case 'expire':
        await this.ports.reports.expireReport(job.reportId);
        this.ports.log.info({ reportId: job.reportId }, 'report expiry checked');
        return { kind: 'done' };
      case 'close':
        await this.ports.reports.closeClaimedReport(job.reportId);
        this.ports.log.info({ reportId: job.reportId }, 'claim window end checked');
        return { kind: 'done' };
    }
  }
}
