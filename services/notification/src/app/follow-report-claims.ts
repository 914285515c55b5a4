import { coveringMemberOf, type AlertDispatch, type ReportState } from '../domain/alert-dispatch.js';
import { claimerReporterSaidGoneText, firstNameOf, reporterTexts, type ReporterTexts } from '../domain/follow-up-texts.js';
import { DEFAULT_LANGUAGE } from '@swarm/proto/labels';
import type { MemberSettings } from './member-settings.js';
import type { AlertScheduler } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { ClaimRecordRepository, DispatchRepository } from './ports/stores.js';
import type { ReportTimers } from './report-timers.js';
import type { ScheduleAlerts } from './schedule-alerts.js';
import type { QueueText } from './send-follow-up-text.js';

/**
 * Keeps dispatch in step with the report's events: the report's state is kept (alert jobs run only while it is
 * active); a claimed report needs no more alerts but gets its outcome prompt; an un-claimed one is
 * alerted again, from the coverage kept at submission, to every covering member but the one who gave it back; a report
 * that left (bad, expired, departed) needs no job at all. The reporter who asked is texted when it is claimed,
 * un-claimed and expired; the claimer when the reporter says it left while they hold it. Claims are counted, to delay busy members (the
 * association statistics are the insights service's, from the same events). Each handler is idempotent, as the event bus may deliver an event
 * more than once, and out of order: jobs and texts follow only the change that is the report's current state.
 */
export class FollowReportClaims {
  constructor(
    private readonly ports: {
      claims: ClaimRecordRepository;
      dispatches: DispatchRepository;
      scheduler: AlertScheduler;
      scheduleAlerts: ScheduleAlerts;
      timers: ReportTimers;
      /** Texts go by jobs of their own: a handler never waits for the sender's pace. */
      texts: Pick<QueueText, 'queue'>;
      members: MemberSettings;
      log: DispatchLog;
    },
  ) {}

  async claimed(event: { eventId: string; reportId: string; memberId: string; claimedAt: Date }): Promise<void> {
    const { claims, scheduler, timers, log } = this.ports;
    await claims.recordClaim(event);
    const dispatch = await this.changeState(event.reportId, 'claimed', event.claimedAt);
    if (!dispatch || !isCurrent(dispatch, 'claimed', event.claimedAt)) return;
    const cancelled = await scheduler.cancelForReport(event.reportId);
    await timers.whileClaimed(event);
    log.info({ reportId: event.reportId, cancelled }, 'report claimed: pending alerts cancelled');
    await this.tellReporter(dispatch, {
      key: `reporter-claimed--${event.eventId}`,
      purpose: 'reporter-claimed',
      body: await this.claimedText(dispatch, event.memberId),
    });
  }

  async markedBad(event: { reportId: string; markedAt: Date }): Promise<void> {
    const dispatch = await this.changeState(event.reportId, 'bad', event.markedAt);
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, state: dispatch?.reportState, cancelled }, 'report marked bad: pending jobs cancelled');
  }

  /** `eventId` names the re-alert round, so its SMS are new messages while a redelivery repeats nothing. */
  async unclaimed(event: { eventId: string; reportId: string; memberId: string; unclaimedAt: Date }): Promise<void> {
    const { claims, scheduler, scheduleAlerts, timers, log } = this.ports;
    await claims.removeClaim({ reportId: event.reportId, memberId: event.memberId, unclaimedAt: event.unclaimedAt });
    const dispatch = await this.changeState(event.reportId, 'active', event.unclaimedAt);
    if (!dispatch) {
      log.warn({ reportId: event.reportId }, 'report un-claimed, but its submission was never received: nobody to alert');
      return;
    }
    // Claimed again (or gone) after this un-claim: that later change stands.
    if (!isCurrent(dispatch, 'active', event.unclaimedAt)) return;
    // The claim's window end and outcome prompt no longer apply.
    await scheduler.cancelForReport(event.reportId);
    const outcome = await scheduleAlerts.execute({
      reportId: event.reportId,
      coverage: dispatch.coverage,
      round: `unclaimed-${event.eventId}`,
      excludeMemberIds: [event.memberId],
    });
    await timers.whileActive(dispatch, event.unclaimedAt);
    log.info({ reportId: event.reportId, ...outcome }, 'report un-claimed: alerts scheduled again');
    // Honest about who is being alerted: nobody, when no other member covers the place or all are under Do Not Disturb.
    const othersAlerted = outcome.scheduled > 0 || dispatch.widerCoverage.length > 0;
    await this.tellReporter(dispatch, {
      key: `reporter-unclaimed--${event.eventId}`,
      purpose: 'reporter-unclaimed',
      body: othersAlerted ? reporterTextsOf(dispatch).unclaimed : reporterTextsOf(dispatch).unclaimedNobodyElse,
    });
  }

  async expired(event: { reportId: string; expiredAt: Date }): Promise<void> {
    const dispatch = await this.changeState(event.reportId, 'expired', event.expiredAt);
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, cancelled }, 'report expired: pending jobs cancelled');
    if (dispatch?.reportState !== 'expired') return;
    await this.tellReporter(dispatch, { key: `reporter-expired--${event.reportId}`, purpose: 'reporter-expired', body: reporterTextsOf(dispatch).expired });
  }

  /** The reporter texted GONE while the report was active: nobody is to be alerted about it any more. */
  async departed(event: { reportId: string; departedAt: Date }): Promise<void> {
    const { scheduler, log } = this.ports;
    await this.changeState(event.reportId, 'departed', event.departedAt);
    const cancelled = await scheduler.cancelForReport(event.reportId);
    log.info({ reportId: event.reportId, cancelled }, 'report departed: pending jobs cancelled');
  }

  /**
   * The reporter texted GONE while a member held the report: the claimer is told, once; the report stays claimed, its
   * outcome prompt stands, waiting for the claimer's outcome.
   */
  async reporterSaidGone(event: { reportId: string; memberId: string; claimCode: string }): Promise<void> {
    const { members, texts, log } = this.ports;
    const phoneNumber = (await members.of([event.memberId])).get(event.memberId)?.phoneNumber;
    if (!phoneNumber) {
      log.info({ reportId: event.reportId }, 'reporter said the swarm left: the claimer has no phone number to tell');
      return;
    }
    await texts.queue({
      key: `claimer-reporter-gone--${event.reportId}`,
      purpose: 'claimer-reporter-gone',
      to: phoneNumber,
      reportId: event.reportId,
      memberId: event.memberId,
      body: claimerReporterSaidGoneText(event.claimCode),
    });
  }

  /** The claim's window ended: nothing is pending any more but, perhaps, the outcome prompt. */
  async closed(event: { reportId: string; closedAt: Date }): Promise<void> {
    await this.changeState(event.reportId, 'closed', event.closedAt);
  }

  private async changeState(reportId: string, state: ReportState, at: Date): Promise<AlertDispatch | undefined> {
    await this.ports.dispatches.changeReportState(reportId, { state, at });
    return this.ports.dispatches.findByReportId(reportId);
  }

  private async claimedText(dispatch: AlertDispatch, memberId: string): Promise<string> {
    const settings = (await this.ports.members.of([memberId])).get(memberId);
    return reporterTextsOf(dispatch).claimed({ firstName: firstNameOf(settings?.name ?? ''), associationName: coveringMemberOf(dispatch, memberId)?.companyName ?? '' });
  }

  /** Only a reporter who asked for texts has their number here. */
  private async tellReporter(dispatch: AlertDispatch, text: { key: string; purpose: 'reporter-claimed' | 'reporter-unclaimed' | 'reporter-expired'; body: string }): Promise<void> {
    if (!dispatch.reporterUpdates || !dispatch.reporterPhone) return;
    await this.ports.texts.queue({ ...text, to: dispatch.reporterPhone, reportId: dispatch.reportId });
    this.ports.log.info({ reportId: dispatch.reportId, purpose: text.purpose }, 'reporter text queued');
  }
}

/** The texts in the language the reporter used the site in. */
function reporterTextsOf(dispatch: AlertDispatch): ReporterTexts {
  return reporterTexts[dispatch.reporterLanguage ?? DEFAULT_LANGUAGE];
}

/** Whether the report is still in the state this event set, set at the event's time (no later change overtook it). */
function isCurrent(dispatch: AlertDispatch, state: ReportState, at: Date): boolean {
  return dispatch.reportState === state && dispatch.reportStateAt.getTime() === at.getTime();
}
