import type { DispatchJob } from '../domain/alert-schedule.js';
import type { AlertJobOutcome, JobAttempt } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { ReportLifecycle } from './ports/other-services.js';
import type { RunAlertJob } from './run-alert-job.js';
import type { SendClaimLocation } from './send-claim-location.js';
import type { SendFollowUpText } from './send-follow-up-text.js';
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
      sendText: Pick<SendFollowUpText, 'execute'>;
      /** Absent when this service does not handle claims' follow-ups (no location job is then queued). */
      sendClaimLocation: Pick<SendClaimLocation, 'execute'> | undefined;
      reports: Pick<ReportLifecycle, 'expireReport' | 'closeClaimedReport'>;
      log: DispatchLog;
    },
  ) {}

  async execute(job: DispatchJob, attempt: JobAttempt = { final: false }): Promise<AlertJobOutcome> {
    switch (job.kind) {
      case 'alert':
      case 'escalation':
        return this.ports.runAlertJob.execute(job, attempt);
      case 'outcome-prompt':
        return this.ports.sendOutcomePrompt.execute(job, attempt);
      case 'text':
        await this.ports.sendText.execute(job.text, attempt);
        return { kind: 'done' };
      case 'location': {
        const outcome = (await this.ports.sendClaimLocation?.execute(job, attempt)) ?? { kind: 'not-handled' };
        // Each channel's outcome apart (`channels.sms: 'already-sent'`), so a redelivery is seen to send nothing again.
        const channels = outcome.kind === 'delivered' ? { channels: outcome.channels } : {};
        this.ports.log.info({ reportId: job.reportId, memberId: job.memberId, outcome: outcome.kind, ...channels }, 'claim location');
        return { kind: 'done' };
      }
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
