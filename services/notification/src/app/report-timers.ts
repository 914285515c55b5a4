import type { AlertDispatch } from '../domain/alert-dispatch.js';
import { escalationJob, MINUTE_MS, outcomePromptJob } from '../domain/alert-schedule.js';
import type { AlertScheduler } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';

export const DEFAULT_ESCALATE_AFTER_MINUTES = 30;
export const DEFAULT_CLAIM_OUTCOME_PROMPT_HOURS = 4;

export type ReportTimerSettings = {
  /** A report still unclaimed this long after it became active is alerted to the members of its wider coverage. */
  escalateAfterMinutes: number;
  /** The claimer is asked what became of the swarm this long after claiming. */
  outcomePromptHours: number;
};

export const defaultReportTimerSettings: ReportTimerSettings = {
  escalateAfterMinutes: DEFAULT_ESCALATE_AFTER_MINUTES,
  outcomePromptHours: DEFAULT_CLAIM_OUTCOME_PROMPT_HOURS,
};

/**
 * The delayed jobs of this service for a report besides its alerts, each idempotent by job id: while it is active, the
 * wider alerts of the escalation; while it is claimed, the outcome prompt. A report's jobs are cancelled together when
 * its state changes (AlertScheduler.cancelForReport). The report's own expiry and claim close are the report
 * service's timers.
 */
export class ReportTimers {
  constructor(
    private readonly ports: { scheduler: AlertScheduler; log: DispatchLog },
    private readonly settings: ReportTimerSettings = defaultReportTimerSettings,
  ) {}

  async whileActive(dispatch: Pick<AlertDispatch, 'reportId' | 'widerCoverage'>, activeSince: Date): Promise<void> {
    const { scheduler, log } = this.ports;
    const escalateAt = new Date(activeSince.getTime() + this.settings.escalateAfterMinutes * MINUTE_MS);
    for (const member of dispatch.widerCoverage) {
      await scheduler.schedule(escalationJob({ reportId: dispatch.reportId, ...member }), escalateAt);
    }
    log.info({ reportId: dispatch.reportId, escalateAt: escalateAt.toISOString(), wider: dispatch.widerCoverage.length }, 'escalation scheduled');
  }

  async whileClaimed(claim: { reportId: string; memberId: string; claimedAt: Date }): Promise<void> {
    const { scheduler } = this.ports;
    await scheduler.schedule(outcomePromptJob(claim), new Date(claim.claimedAt.getTime() + this.settings.outcomePromptHours * 60 * MINUTE_MS));
  }
}
