import { alertMessage } from '../domain/alert-message.js';
import { alertSendKey, type AlertJob } from '../domain/alert-schedule.js';
import type { DispatchSummary } from '../domain/alert-dispatch.js';
import { nextAlertTime, type MemberAlertSettings } from '../domain/member-settings.js';
import { alertSentEvent, type SentAlert } from '../domain/sent-alert.js';
import { deliverSms } from './deliver-sms.js';
import type { MemberSettings } from './member-settings.js';
import type { AlertJobOutcome, JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { AlertBilling } from './ports/other-services.js';
import type { ReportStatisticsRepository } from './ports/statistics.js';
import type { SmsMessage, SmsSender } from './ports/sms.js';
import type { DispatchRepository, SentAlertRepository } from './ports/stores.js';

/** A window start this close to now counts as now, so a job run a moment early is not put back for milliseconds. */
const ON_TIME_MS = 1_000;

/**
 * Runs one alert job, so that the member is texted once and the association charged if and only if the text went:
 *
 * 1. Decide: report still active (as the report's events told this service), member still reachable now (from the copy
 *    of the member's settings this service keeps: DND or a lowered height limit drops it, outside the window puts it
 *    back, each only once confirmed with the member's current settings).
 * 2. Note the send (`beginSending`), then charge the association (idempotent per report and member; the one call into
 *    another service). A charge refused (no funds, no longer paying) forgets the note: nothing was charged or sent.
 * 3. Hand the SMS to the provider and record it as sent with its AlertSent event (the outbox relay publishes it; the
 *    report service records the alert, so the member may claim in the member area) and in the statistics.
 *
 * A run that finds the note of an interrupted one (killed, or failed after noting) resumes it: if the provider took the
 * text, it is recorded; otherwise it is sent now, or, if the report is no longer active, given up. An alert the provider
 * refuses for good, or cannot take by the job's last attempt, is kept as failed and its charge refunded, unless another
 * alert of the same report reached the member (billing charges once per report and member). A thrown error makes the
 * scheduler retry later.
 */
export class RunAlertJob {
  constructor(
    private readonly ports: {
      members: MemberSettings;
      billing: AlertBilling;
      dispatches: DispatchRepository;
      sms: SmsSender;
      sentAlerts: SentAlertRepository;
      statistics: ReportStatisticsRepository;
      clock: Clock;
      log: DispatchLog;
    },
  ) {}

  async execute(job: AlertJob, attempt: JobAttempt = { final: false }): Promise<AlertJobOutcome> {
    const { members, dispatches, sentAlerts, clock, log } = this.ports;
    const context = { reportId: job.reportId, memberId: job.memberId, jobId: job.jobId };
    const sendKey = alertSendKey(job);

    const report = await dispatches.findSummaryByReportId(job.reportId);
    const earlier = await sentAlerts.find(sendKey);
    if (earlier?.state === 'sent') {
      log.info(context, 'alert already sent by an earlier run');
      return { kind: 'done' };
    }
    if (earlier?.state === 'failed') {
      // The run that gave up may have stopped before its refund.
      await this.refundUnlessAlerted(job, earlier.failedReason ?? 'not sent');
      return { kind: 'done' };
    }
    if (earlier?.state === 'sending') return this.resume(job, earlier, report, attempt);

    if (!report || report.reportState !== 'active') {
      log.info({ ...context, state: report?.reportState ?? 'unknown' }, 'alert dropped: report no longer active');
      return { kind: 'done' };
    }
    if (job.kind === 'escalation' && (await sentAlerts.findForMember(job.reportId, job.memberId)).some((sent) => sent.sendKey !== sendKey && sent.state !== 'failed')) {
      // At most one alert per member and report, ever: the wider alert goes only to members never alerted about it.
      log.info(context, 'wider alert dropped: the member was alerted about this report already');
      return { kind: 'done' };
    }

    const now = clock.now();
    let settings = (await members.of([job.memberId])).get(job.memberId);
    let reach = reachability(settings, report.elevationFeet, now);
    if (reach.kind !== 'send') {
      // Holding an alert back is confirmed with the member's current settings: the copy may not have heard yet of
      // a change that opens the way (a window widened, Do Not Disturb turned off). Sending is never delayed for it.
      settings = await members.current(job.memberId);
      reach = reachability(settings, report.elevationFeet, now);
    }
    if (reach.kind === 'drop') {
      log.info(context, `alert dropped: ${reach.reason}`);
      return { kind: 'done' };
    }
    if (reach.kind === 'later') {
      log.info({ ...context, runAt: reach.runAt.toISOString() }, 'alert moved to the member’s next window');
      return { kind: 'reschedule', runAt: reach.runAt };
    }

    const { reportId, memberId, companyId, companyName, distanceMiles } = job;
    const begun = await sentAlerts.beginSending({ sendKey, reportId, memberId, companyId, companyName, distanceMiles, startedAt: now });
    if (begun !== 'new') {
      // A concurrent run of the same job noted it first: that run sends it.
      log.info({ ...context, state: begun }, 'alert taken by another run');
      return { kind: 'done' };
    }
    const charged = await this.charge(job);
    if (!charged) return { kind: 'done' };
    const message = { to: reach.phoneNumber, body: this.body(job, report), idempotencyKey: sendKey };
    return this.send(job, message, { startedAt: now, costCents: charged.costCents }, attempt);
  }

  /** An earlier run noted this alert and stopped before recording how it ended. */
  private async resume(job: AlertJob, earlier: SentAlert, report: DispatchSummary | undefined, attempt: JobAttempt): Promise<AlertJobOutcome> {
    const { members, billing, sentAlerts, sms, log } = this.ports;
    const context = { reportId: job.reportId, memberId: job.memberId, jobId: job.jobId };
    const phoneNumber = (await members.of([job.memberId])).get(job.memberId)?.phoneNumber;
    const message = report && phoneNumber ? { to: phoneNumber, body: this.body(job, report), idempotencyKey: earlier.sendKey } : undefined;
    if (message) {
      // The same text sent for another round (before an un-claim) is not this alert.
      const others = (await sentAlerts.findForMember(job.reportId, job.memberId)).flatMap((sent) => (sent.sendKey !== earlier.sendKey && sent.providerId ? [sent.providerId] : []));
      const found = await sms.findSent({ ...message, since: earlier.startedAt, excluding: others });
      if (found) {
        log.info({ ...context, providerId: found.providerId }, 'alert found sent by an interrupted run');
        // It went, so it is charged: the charge replays the earlier run's, or is made now if that run stopped before it.
        const charge = await billing.chargeAlert({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId });
        if (charge.kind !== 'charged') log.warn({ ...context, charge: charge.kind }, 'alert sent but not charged: the association could no longer pay');
        return this.recordSent(job, earlier.startedAt, found.providerId, charge.kind === 'charged' ? charge.costCents : 0);
      }
    }
    if (!report || report.reportState !== 'active') return this.fail(job, 'the report was no longer active when the alert could go out');
    if (!message) return this.fail(job, 'the member has no phone number');
    const charged = await this.charge(job);
    if (!charged) return { kind: 'done' };
    log.info(context, 'alert resumed: an interrupted run had not reached the provider');
    return this.send(job, message, { startedAt: earlier.startedAt, costCents: charged.costCents }, attempt);
  }

  /** Charges the association; a refusal forgets the noted send (nothing was charged or sent) and answers undefined. */
  private async charge(job: AlertJob): Promise<{ costCents: number } | undefined> {
    const charge = await this.ports.billing.chargeAlert({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId });
    if (charge.kind === 'charged') return charge;
    this.ports.log.warn({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId, charge: charge.kind }, 'alert dropped: the association cannot pay for it');
    await this.ports.sentAlerts.abandonSending(alertSendKey(job));
    return undefined;
  }

  private async send(job: AlertJob, message: SmsMessage, begun: { startedAt: Date; costCents: number }, attempt: JobAttempt): Promise<AlertJobOutcome> {
    let delivery;
    try {
      delivery = await deliverSms(this.ports.sms, message, undefined);
    } catch (error) {
      // The note stays: the retry asks the provider whether this attempt reached it.
      if (!attempt.final) throw error;
      return this.fail(job, `the SMS provider could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    if (delivery.kind === 'refused') return this.fail(job, delivery.reason);
    this.ports.log.info({ reportId: job.reportId, memberId: job.memberId, jobId: job.jobId, providerId: delivery.providerId }, 'alert sent');
    return this.recordSent(job, begun.startedAt, delivery.providerId, begun.costCents);
  }

  /** Durable before the job completes: a failure here fails the run, and the retry finds the text at the provider. */
  private async recordSent(job: AlertJob, startedAt: Date, providerId: string, costCents: number): Promise<AlertJobOutcome> {
    const { reportId, memberId, companyId, companyName, distanceMiles } = job;
    const sendKey = alertSendKey(job);
    const alert = { sendKey, reportId, memberId, companyId, companyName, distanceMiles };
    const sentAt = this.ports.clock.now();
    await this.ports.sentAlerts.recordSent({ ...alert, state: 'sent', startedAt, sentAt, providerId }, alertSentEvent(alert, sentAt));
    await this.ports.statistics.alertSent({ reportId, companyId, memberId, sendKey, costCents });
    return { kind: 'done' };
  }

  private async fail(job: AlertJob, reason: string): Promise<AlertJobOutcome> {
    this.ports.log.warn({ reportId: job.reportId, memberId: job.memberId, jobId: job.jobId, reason }, 'alert not sent: given up, charge refunded');
    await this.ports.sentAlerts.recordFailed(alertSendKey(job), { reason, failedAt: this.ports.clock.now() });
    await this.refundUnlessAlerted(job, reason);
    return { kind: 'done' };
  }

  /** Billing charges once per report and member: an alert of another round that reached the member keeps the charge. */
  private async refundUnlessAlerted(job: AlertJob, reason: string): Promise<void> {
    const alerted = (await this.ports.sentAlerts.findForMember(job.reportId, job.memberId)).some((sent) => sent.state === 'sent');
    if (alerted) return;
    await this.ports.billing.refundAlert({ reportId: job.reportId, memberId: job.memberId, reason: `Alert not sent: ${reason}` });
  }

  private body(job: AlertJob, report: DispatchSummary): string {
    return alertMessage({ claimCode: report.claimCode, size: report.size, elevationFeet: report.elevationFeet, distanceMiles: job.distanceMiles, wider: job.kind === 'escalation' });
  }
}

type Reachability = { kind: 'send'; phoneNumber: string } | { kind: 'drop'; reason: string } | { kind: 'later'; runAt: Date };

/** Whether the member may be texted about a swarm this high now, from their settings (undefined: the member left). */
function reachability(settings: MemberAlertSettings | undefined, elevationFeet: number, now: Date): Reachability {
  if (!settings) return { kind: 'drop', reason: 'the member left' };
  if (settings.availability.elevationMaximumFeet < elevationFeet) return { kind: 'drop', reason: 'the swarm is higher than the member now climbs' };
  const next = nextAlertTime(settings, now);
  if (next.never) return { kind: 'drop', reason: 'member is on Do Not Disturb' };
  if (next.sendAt.getTime() - now.getTime() > ON_TIME_MS) return { kind: 'later', runAt: next.sendAt };
  if (!settings.phoneNumber) return { kind: 'drop', reason: 'member has no phone number' };
  return { kind: 'send', phoneNumber: settings.phoneNumber };
}
