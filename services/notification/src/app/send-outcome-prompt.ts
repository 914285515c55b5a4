import type { OutcomePromptJob } from '../domain/alert-schedule.js';
import { outcomePromptText } from '../domain/follow-up-texts.js';
import { nextAlertTime } from '../domain/member-settings.js';
import type { MemberSettings } from './member-settings.js';
import type { AlertJobOutcome, JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { ReportLifecycle } from './ports/other-services.js';
import type { DispatchRepository } from './ports/stores.js';
import type { SendFollowUpText } from './send-follow-up-text.js';

/** A window start this close to now counts as now. */
const ON_TIME_MS = 1_000;

/**
 * Asks the claimer what became of the swarm, once per claim, unless they no longer hold it or said already (in the
 * member area). It waits for the member's available hours, so nobody is asked at night; under Do Not Disturb it goes
 * at once, as a question about a swarm they took is not an alert.
 */
export class SendOutcomePrompt {
  constructor(
    private readonly ports: {
      reports: Pick<ReportLifecycle, 'claimOf'>;
      dispatches: Pick<DispatchRepository, 'findSummaryByReportId'>;
      members: MemberSettings;
      texts: Pick<SendFollowUpText, 'execute'>;
      clock: Clock;
      log: DispatchLog;
    },
  ) {}

  async execute(job: OutcomePromptJob, attempt?: JobAttempt): Promise<AlertJobOutcome> {
    const { reports, dispatches, members, texts, clock, log } = this.ports;
    const context = { reportId: job.reportId, memberId: job.memberId };
    const claim = await reports.claimOf(job.reportId, job.memberId);
    if (!claim || claim.claimedAt.toISOString() !== job.claimedAt) {
      log.info(context, 'outcome prompt dropped: the member no longer holds this claim');
      return { kind: 'done' };
    }
    if (claim.outcome) return { kind: 'done' };
    const settings = await members.current(job.memberId);
    if (!settings?.phoneNumber) return { kind: 'done' };
    const now = clock.now();
    const next = nextAlertTime(settings, now);
    if (!next.never && next.sendAt.getTime() - now.getTime() > ON_TIME_MS) return { kind: 'reschedule', runAt: next.sendAt };
    const dispatch = await dispatches.findSummaryByReportId(job.reportId);
    await texts.execute({
      key: `outcome-prompt--${job.reportId}--${job.memberId}--${job.claimedAt}`,
      purpose: 'outcome-prompt',
      to: settings.phoneNumber,
      reportId: job.reportId,
      memberId: job.memberId,
      body: outcomePromptText(dispatch?.claimCode ?? ''),
    }, attempt);
    return { kind: 'done' };
  }
}
