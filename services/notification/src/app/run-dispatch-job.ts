import type { DispatchJob } from '../domain/alert-schedule.js';
import type { AlertJobOutcome, JobAttempt } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { RunAlertJob } from './run-alert-job.js';
import type { SendClaimLocation } from './send-claim-location.js';
import type { SendFollowUpText } from './send-follow-up-text.js';
import type { SendOutcomePrompt } from './send-outcome-prompt.js';

/** Runs a delayed job by its kind. */
export class RunDispatchJob {
  constructor(
    private readonly ports: {
      runAlertJob: Pick<RunAlertJob, 'execute'>;
      sendOutcomePrompt: Pick<SendOutcomePrompt, 'execute'>;
      sendText: Pick<SendFollowUpText, 'execute'>;
      /** Absent when this service does not handle claims' follow-ups (no location job is then queued). */
      sendClaimLocation: Pick<SendClaimLocation, 'execute'> | undefined;
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
      case 'close':
        // Queued by an earlier version: the report service runs this timer itself.
        this.ports.log.info({ reportId: job.reportId, job: job.kind }, "retired lifecycle job let go: the report service keeps the report's timers");
        return { kind: 'done' };
    }
  }
}
