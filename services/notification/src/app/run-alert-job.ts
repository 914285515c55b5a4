export type { AlertChannelPorts } from './send-alert-message.js';
import { alertMessage } from '../domain/alert-message.js';
import { alertDeliveries, type AlertChannel, type AlertDelivery } from '../domain/alert-channels.js';
import { alertSendKey, type AlertJob } from '../domain/alert-schedule.js';
import type { DispatchSummary } from '../domain/alert-dispatch.js';
import { alertChannelsOf, nextAlertTime, type MemberAlertSettings } from '../domain/member-settings.js';
import { alertSentEvent } from '../domain/sent-alert.js';
import { DeliverOnce, SendTakenOverError, type ChannelAnswer, type Delivery } from './deliver-once.js';
import { SendAlertMessage, type AlertChannelPorts, type AlertFacts } from './send-alert-message.js';
import type { MemberSettings } from './member-settings.js';
import type { AlertJobOutcome, JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { AlertBilling, MemberDirectory } from './ports/other-services.js';
import type { DispatchRepository, SentAlertRepository, SentTextRepository } from './ports/stores.js';

/** A window start this close to now counts as now, so a job run a moment early is not put back for milliseconds. */
const ON_TIME_MS = 1_000;

/**
 * Runs one alert job, so that the member gets the alert once on each channel they chose, and the association is
 * charged for a channel if and only if that channel took the alert:
 *
 * 1. Decide, once for every channel: report still active (as the report's events told this service), member still
 *    reachable now (from the copy of the member's settings this service keeps: DND or a lowered height limit drops
 *    it, outside the window puts it back, each only once confirmed with the member's current settings).
 * 2. Note the alert (`beginSending`), then deliver it on each chosen channel, the unpaced ones first (a notification
 *    per device, an email), the text message last: each channel is charged (billing's price for it; a free channel
 *    costs nothing) just before it goes, and each message is sent once per key (see DeliverOnce and deliverSms).
 * 3. Once any channel took it, record the alert as sent with its AlertSent event (the report service records the
 *    alert, so the member may claim; the insights service counts its channels and charge); a charged channel that did
 *    not take it is refunded.
 *
 * When every chosen channel failed for good (a dead subscription, a refused number), the alert goes by email instead;
 * when nothing took it, it is kept as failed and every charge refunded. A run that finds the note of an interrupted
 * one resumes it: what went is kept, and what had not begun is sent only while the report is still active. A thrown
 * error makes the scheduler retry later.
 */
export class RunAlertJob {
  private readonly once: DeliverOnce;
  private readonly messages: SendAlertMessage;

  constructor(
    private readonly ports: AlertChannelPorts & {
      members: MemberSettings;
      memberDirectory: Pick<MemberDirectory, 'removePushEndpoint'>;
      billing: AlertBilling;
      dispatches: DispatchRepository;
      sentAlerts: SentAlertRepository;
      sentTexts: SentTextRepository;
      /** SEND_LEASE_MS: see DeliverOnce. */
      sendLeaseMs?: number | undefined;
      clock: Clock;
      log: DispatchLog;
    },
  ) {
    this.once = new DeliverOnce({ texts: ports.sentTexts, clock: ports.clock, sendLeaseMs: ports.sendLeaseMs });
    this.messages = new SendAlertMessage(ports);
  }

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
      // The run that gave up may have stopped before its refunds.
      await this.refundUnlessAlerted(job, ['sms', 'push', 'email'], earlier.failedReason ?? 'not sent');
      return { kind: 'done' };
    }

    let settings: MemberAlertSettings | undefined;
    if (earlier?.state === 'sending') {
      settings = (await members.of([job.memberId])).get(job.memberId);
    } else {
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
      settings = (await members.of([job.memberId])).get(job.memberId);
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
    }

    // A resumed alert whose report is gone starts nothing new; what an earlier run began is finished.
    const beginNew = report?.reportState === 'active';
    const startedAt = earlier?.startedAt ?? clock.now();
    const outcome = report && settings ? await this.deliver(job, report, settings, { beginNew, startedAt }, attempt) : { delivered: [], smsProviderId: undefined, costCents: 0, smsPriceCents: 0, reasons: ['the member left'] };
    if (outcome.delivered.length === 0) {
      const reason = !beginNew ? 'the report was no longer active when the alert could go out' : outcome.reasons.join('; ') || 'no channel to reach the member';
      return this.fail(job, reason);
    }
    return this.recordSent(job, startedAt, outcome);
  }

  /** Delivers the alert on each channel; answers what took it, what it cost, and why the others did not. */
  private async deliver(
    job: AlertJob,
    report: DispatchSummary,
    settings: MemberAlertSettings,
    run: { beginNew: boolean; startedAt: Date },
    attempt: JobAttempt,
  ): Promise<{ delivered: AlertChannel[]; smsProviderId: string | undefined; costCents: number; smsPriceCents: number; reasons: string[] }> {
    const sendKey = alertSendKey(job);
    const member = { memberId: job.memberId, channels: alertChannelsOf(settings), phoneNumber: settings.phoneNumber, ...(settings.email ? { email: settings.email } : {}), pushTargets: settings.pushTargets ?? [] };
    const delivered = new Set<AlertChannel>();
    const reasons: string[] = [];
    let smsProviderId: string | undefined;
    let costCents = 0;
    let smsPriceCents = 0;
    const claimToken = this.ports.claimTokens.sign({ reportId: job.reportId, memberId: job.memberId, sendKey, expiresAt: report.expiresAt });

    const deliverAll = async (deliveries: AlertDelivery[]) => {
      const charged = new Map<AlertChannel, { costCents: number; smsPriceCents: number } | undefined>();
      for (const delivery of deliveries) {
        if (!this.messages.available(delivery.channel)) {
          reasons.push(`${CHANNEL_LABELS[delivery.channel]}: not configured`);
          continue;
        }
        if (!charged.has(delivery.channel)) charged.set(delivery.channel, await this.charge(job, delivery.channel));
        const charge = charged.get(delivery.channel);
        if (charge === undefined) {
          reasons.push(`${CHANNEL_LABELS[delivery.channel]}: the association cannot pay for it`);
          continue;
        }
        const outcome = await this.deliverOne(job, report, delivery, claimToken, run, attempt);
        if (outcome.kind === 'sent') {
          if (!delivered.has(delivery.channel)) costCents += charge.costCents;
          smsPriceCents = charge.smsPriceCents;
          delivered.add(delivery.channel);
          if (delivery.channel === 'sms') smsProviderId = outcome.providerId;
        } else if (outcome.kind === 'refused') {
          reasons.push(`${CHANNEL_LABELS[delivery.channel]}: ${outcome.reason}`);
        }
      }
      // A charged channel that took nothing is given back (a text refused, every device gone).
      const unsent = [...charged.keys()].filter((channel) => !delivered.has(channel) && charged.get(channel) !== undefined);
      if (delivered.size > 0 && unsent.length > 0) await this.refundUnlessAlerted(job, unsent, reasons.join('; '));
    };

    await deliverAll(alertDeliveries(sendKey, member));
    if (delivered.size === 0 && run.beginNew && !member.channels.email) {
      // None of the chosen channels reached the member (a dead subscription is the usual reason): email instead.
      await deliverAll(alertDeliveries(sendKey, member, { fallback: true }));
    }
    return { delivered: [...delivered], smsProviderId, costCents, smsPriceCents, reasons };
  }

  /** One message of the alert; answers whether it went (now or by an earlier run), and why not. */
  private async deliverOne(
    job: AlertJob,
    report: DispatchSummary,
    delivery: AlertDelivery,
    claimToken: string,
    run: { beginNew: boolean },
    attempt: JobAttempt,
  ): Promise<{ kind: 'sent'; providerId: string | undefined } | { kind: 'refused'; reason: string } | { kind: 'skipped' }> {
    const record = { key: delivery.key, purpose: `alert-${delivery.channel}` as const, to: delivery.channel === 'push' ? delivery.target.deviceId : delivery.to, reportId: job.reportId, memberId: job.memberId };
    let settled: Delivery;
    try {
      settled = await this.once.deliver(
        record,
        async (interrupted, handOver) => {
          const answer = await this.send(job, report, delivery, claimToken, interrupted, run.beginNew, handOver);
          return answer ?? { kind: 'refused', reason: 'the report was no longer active when the alert could go out' };
        },
        { beginNew: run.beginNew },
      );
    } catch (error) {
      // Another run owns the message now and settles it: this one has nothing more to do for it.
      if (error instanceof SendTakenOverError) return { kind: 'skipped' };
      // The message stays begun: the retry finds out whether this attempt reached the channel.
      if (!attempt.final) throw error;
      const reason = `unavailable (${error instanceof Error ? error.message : String(error)})`;
      await this.once.giveUp(delivery.key, reason);
      return { kind: 'refused', reason };
    }
    const { outcome } = settled;
    if (outcome === 'sent' || outcome === 'found-sent' || outcome === 'already-sent') return { kind: 'sent', providerId: settled.providerId };
    if (outcome === 'refused') return { kind: 'refused', reason: settled.failedReason ?? 'refused' };
    return { kind: 'skipped' };
  }

  /**
   * Hands one message to its channel. With `sendNew` false (the report is gone) a message an interrupted run began is
   * only looked up where the channel can tell (SMS), and otherwise given up (answered undefined).
   */
  private async send(
    job: AlertJob,
    report: DispatchSummary,
    delivery: AlertDelivery,
    claimToken: string,
    interrupted: { startedAt: Date } | undefined,
    sendNew: boolean,
    handOver: () => Promise<void>,
  ): Promise<ChannelAnswer | undefined> {
    const { sms, sentAlerts } = this.ports;
    // The same text sent for another round (before an un-claim) is not this alert.
    const excluding = interrupted
      ? (await sentAlerts.findForMember(job.reportId, job.memberId)).flatMap((sent) => (sent.sendKey !== alertSendKey(job) && sent.providerId ? [sent.providerId] : []))
      : [];
    if (!sendNew) {
      if (delivery.channel !== 'sms' || !interrupted) return undefined;
      const message = { to: delivery.to, body: alertMessage(this.factsOf(job, report)), idempotencyKey: delivery.key };
      const found = await sms.findSent({ ...message, since: interrupted.startedAt, excluding });
      return found ? { kind: 'sent', providerId: found.providerId, found: true } : undefined;
    }
    return this.messages.send(delivery, this.factsOf(job, report), claimToken, interrupted && { startedAt: interrupted.startedAt, excluding }, handOver);
  }

  private factsOf(job: AlertJob, report: DispatchSummary): AlertFacts {
    return {
      reportId: job.reportId,
      claimCode: report.claimCode,
      size: report.size,
      elevationFeet: report.elevationFeet,
      distanceMiles: job.distanceMiles,
      town: report.town ?? '',
      hasPicture: report.hasPicture ?? false,
      wider: job.kind === 'escalation',
      ...(report.reporterLanguage ? { reporterLanguage: report.reporterLanguage } : {}),
    };
  }

  /** Charges the channel's price (0 for a free one); undefined when the association cannot pay for it. */
  private async charge(job: AlertJob, channel: AlertChannel): Promise<{ costCents: number; smsPriceCents: number } | undefined> {
    const charge = await this.ports.billing.chargeAlert({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId, channel });
    if (charge.kind === 'charged') return { costCents: charge.costCents, smsPriceCents: charge.smsPriceCents };
    this.ports.log.warn({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId, channel, charge: charge.kind }, 'alert channel dropped: the association cannot pay for it');
    return undefined;
  }

  /** Durable before the job completes: a failure here fails the run, and the retry finds every message sent. */
  private async recordSent(
    job: AlertJob,
    startedAt: Date,
    outcome: { delivered: AlertChannel[]; smsProviderId: string | undefined; costCents: number; smsPriceCents: number },
  ): Promise<AlertJobOutcome> {
    const { reportId, memberId, companyId, companyName, distanceMiles } = job;
    const sendKey = alertSendKey(job);
    const alert = { sendKey, reportId, memberId, companyId, companyName, distanceMiles };
    const sentAt = this.ports.clock.now();
    await this.ports.sentAlerts.recordSent(
      { ...alert, state: 'sent', startedAt, sentAt, channels: outcome.delivered, ...(outcome.smsProviderId ? { providerId: outcome.smsProviderId } : {}) },
      // The event carries what the association statistics count of the alert (its channels and charge), published once per send key.
      alertSentEvent(alert, sentAt, { costCents: outcome.costCents, channels: outcome.delivered, smsPriceCents: outcome.smsPriceCents }),
    );
    this.ports.log.info({ reportId, memberId, jobId: job.jobId, channels: outcome.delivered }, 'alert sent');
    return { kind: 'done' };
  }

  private async fail(job: AlertJob, reason: string): Promise<AlertJobOutcome> {
    this.ports.log.warn({ reportId: job.reportId, memberId: job.memberId, jobId: job.jobId, reason }, 'alert not sent: given up, charges refunded');
    await this.ports.sentAlerts.recordFailed(alertSendKey(job), { reason, failedAt: this.ports.clock.now() });
    await this.refundUnlessAlerted(job, ['sms', 'push', 'email'], reason);
    return { kind: 'done' };
  }

  /**
   * Billing charges each channel once per report and member: a channel of another round that reached the member keeps
   * its charge. Refunding a channel never charged changes nothing.
   */
  private async refundUnlessAlerted(job: AlertJob, channels: AlertChannel[], reason: string): Promise<void> {
    const reached = new Set((await this.ports.sentAlerts.findForMember(job.reportId, job.memberId)).filter((sent) => sent.state === 'sent').flatMap((sent) => sent.channels ?? ['sms']));
    for (const channel of channels) {
      if (reached.has(channel)) continue;
      await this.ports.billing.refundAlert({ reportId: job.reportId, memberId: job.memberId, channel, reason: `Alert not sent: ${reason}` });
    }
  }
}

/** How a channel is named where people read it (a refund's ledger line, the log). */
const CHANNEL_LABELS: Record<AlertChannel, string> = { sms: 'text message', push: 'notification', email: 'email' };

type Reachability = { kind: 'send' } | { kind: 'drop'; reason: string } | { kind: 'later'; runAt: Date };

/** Whether the member may be alerted about a swarm this high now, from their settings (undefined: the member left). */
function reachability(settings: MemberAlertSettings | undefined, elevationFeet: number, now: Date): Reachability {
  if (!settings) return { kind: 'drop', reason: 'the member left' };
  if (settings.availability.elevationMaximumFeet < elevationFeet) return { kind: 'drop', reason: 'the swarm is higher than the member now climbs' };
  const next = nextAlertTime(settings, now);
  if (next.never) return { kind: 'drop', reason: 'member is on Do Not Disturb' };
  if (next.sendAt.getTime() - now.getTime() > ON_TIME_MS) return { kind: 'later', runAt: next.sendAt };
  // Only the channels the member chose count (the email fallback is for chosen channels that failed): a copy that has
  // not heard of a new phone or device yet is then confirmed with the member's current settings before any drop.
  const channels = alertChannelsOf(settings);
  const reachable = (channels.sms && settings.phoneNumber) || (channels.push && (settings.pushTargets ?? []).length > 0) || (channels.email && settings.email);
  if (!reachable) return { kind: 'drop', reason: 'member has no phone number' };
  return { kind: 'send' };
}
