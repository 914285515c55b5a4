import { alertDeliveries, type AlertChannel, type AlertDelivery } from '../domain/alert-channels.js';
import { claimLocationEmail } from '../domain/alert-email.js';
import type { LocationJob } from '../domain/alert-schedule.js';
import { claimAnswerText, claimedSwarmLocation, locationSms, type ClaimDetails } from '../domain/inbound-sms.js';
import { alertChannelsOf, type MemberAlertSettings } from '../domain/member-settings.js';
import { locationPushPayload } from '../domain/push-payload.js';
import { DeliverOnce, SendTakenOverError, type ChannelAnswer, type DeliveryOutcome } from './deliver-once.js';
import type { JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { Mailer, ReportClaims } from './ports/inbound.js';
import type { PushSender } from './ports/push.js';
import type { DispatchRepository, SentTextRepository } from './ports/stores.js';
import { pushTopicOf } from './send-alert-message.js';
import type { FollowUpTextOutcome, SendFollowUpText } from './send-follow-up-text.js';

/** How the location went on one channel: as a follow-up text for SMS, once per key on the others. */
export type LocationChannelOutcome = FollowUpTextOutcome | Exclude<DeliveryOutcome, 'not-begun'>;

export type SendClaimLocationOutcome =
  | { kind: 'no-longer-claimer' }
  /** The member left, or has no address on any channel. */
  | { kind: 'unreachable' }
  | { kind: 'delivered'; channels: Partial<Record<AlertChannel, LocationChannelOutcome>> };

/** A location notification stays a day at the push service for a phone that is offline, as an alert does. */
const PUSH_TTL_SECONDS = 24 * 3_600;

const TOOK_IT: readonly LocationChannelOutcome[] = ['sent', 'found-sent', 'already-sent'];

/**
 * Gives the claimer where the swarm is and who reported it, after a claim by SMS, in the member area or from a
 * notification or email, on the channels the member chose to be alerted on: a text message, a notification on each
 * device, an email. Run as a job (see LocationJob), each message sent once per key like every other (`sent_texts`):
 * the text under the location key as before, `<key>--push--<device>` and `<key>--email` beside it. When none of the
 * chosen channels took it (every device gone, no mailer), it goes by text message and then email, so the claimer is
 * never left without the place. A claim after an un-claim has a new claimedAt and gets its own messages; a claimer who
 * gave the swarm back before they went gets none.
 */
export class SendClaimLocation {
  private readonly once: DeliverOnce;

  constructor(
    private readonly ports: {
      reports: Pick<ReportClaims, 'getClaimDetails'>;
      /** The report as dispatch keeps it: the reporter's language, which the claimer is told. */
      dispatches: Pick<DispatchRepository, 'findSummaryByReportId'>;
      /** The member's current channels, email and devices. */
      members: { current(memberId: string): Promise<MemberAlertSettings | undefined> };
      texts: Pick<SendFollowUpText, 'execute'>;
      sentTexts: SentTextRepository;
      push: PushSender | undefined;
      mailer: Mailer | undefined;
      /** SEND_LEASE_MS: see DeliverOnce. */
      sendLeaseMs?: number | undefined;
      clock: Clock;
      log: DispatchLog;
    },
  ) {
    this.once = new DeliverOnce({ texts: ports.sentTexts, clock: ports.clock, sendLeaseMs: ports.sendLeaseMs });
  }

  async execute(job: LocationJob, attempt: JobAttempt = { final: false }): Promise<SendClaimLocationOutcome> {
    const claimed = await this.ports.reports.getClaimDetails(job.reportId, job.memberId);
    if (!claimed) return { kind: 'no-longer-claimer' };
    const details = { ...claimed, reporterLanguage: (await this.ports.dispatches.findSummaryByReportId(job.reportId))?.reporterLanguage };
    const settings = await this.ports.members.current(job.memberId);
    if (!settings) return { kind: 'unreachable' };
    const key = `location--${job.reportId}--${job.memberId}--${job.claimedAt}`;
    const member = {
      memberId: job.memberId,
      channels: alertChannelsOf(settings),
      phoneNumber: settings.phoneNumber,
      ...(settings.email ? { email: settings.email } : {}),
      pushTargets: settings.pushTargets ?? [],
    };
    const channels: Partial<Record<AlertChannel, LocationChannelOutcome>> = {};
    const deliverAll = async (deliveries: AlertDelivery[]) => {
      for (const delivery of deliveries) {
        const outcome = await this.deliver(job, details, delivery, attempt);
        // One device taking it is the channel taking it.
        if (outcome && (channels[delivery.channel] === undefined || !TOOK_IT.includes(channels[delivery.channel]!))) channels[delivery.channel] = outcome;
      }
    };
    await deliverAll(alertDeliveries(key, member).filter((delivery) => this.available(delivery.channel)));
    if (!Object.values(channels).some((outcome) => TOOK_IT.includes(outcome))) {
      // The place must reach the claimer: the text message, then the email, whichever was not tried.
      for (const fallback of ['sms', 'email'] as const) {
        if (channels[fallback] !== undefined || !this.available(fallback)) continue;
        const only = { sms: fallback === 'sms', push: false, email: fallback === 'email' };
        await deliverAll(alertDeliveries(key, { ...member, channels: only }));
        if (TOOK_IT.includes(channels[fallback] ?? 'refused')) break;
      }
    }
    if (Object.keys(channels).length === 0) return { kind: 'unreachable' };
    return { kind: 'delivered', channels };
  }

  private available(channel: AlertChannel): boolean {
    if (channel === 'push') return this.ports.push !== undefined;
    if (channel === 'email') return this.ports.mailer !== undefined;
    return true;
  }

  private async deliver(job: LocationJob, details: ClaimDetails, delivery: AlertDelivery, attempt: JobAttempt): Promise<LocationChannelOutcome | undefined> {
    if (delivery.channel === 'sms') {
      return this.ports.texts.execute(
        { key: delivery.key, purpose: 'claimer-location', to: delivery.to, reportId: job.reportId, memberId: job.memberId, body: locationSms(details) },
        attempt,
      );
    }
    const record = {
      key: delivery.key,
      purpose: delivery.channel === 'push' ? ('claimer-location-push' as const) : ('claimer-location-email' as const),
      to: delivery.channel === 'push' ? delivery.target.deviceId : delivery.to,
      reportId: job.reportId,
      memberId: job.memberId,
    };
    try {
      const outcome = await this.once.execute(record, () => this.send(job, details, delivery));
      if (outcome === 'not-begun') return undefined;
      if (outcome === 'refused') this.ports.log.warn({ reportId: job.reportId, channel: delivery.channel, key: delivery.key }, 'location not taken');
      return outcome;
    } catch (error) {
      // The message stays begun: the job's retry sends it (a notification under the same topic, an email under the
      // same Message-ID, so a repeat is one message). Another run that took the message over settles it.
      if (error instanceof SendTakenOverError) return 'in-progress';
      if (!attempt.final) throw error;
      await this.once.giveUp(delivery.key, `unavailable (${error instanceof Error ? error.message : String(error)})`);
      return 'refused';
    }
  }

  private async send(job: LocationJob, details: ClaimDetails, delivery: AlertDelivery): Promise<ChannelAnswer> {
    const { push, mailer } = this.ports;
    if (delivery.channel === 'push') {
      if (!push) return { kind: 'refused', reason: 'no push service is configured' };
      const payload = locationPushPayload({ reportId: job.reportId, claimCode: details.claimCode, body: claimAnswerText(details), mapUrl: claimedSwarmLocation(details).mapUrl });
      const answer = await push.send(
        { endpoint: delivery.target.endpoint, keys: { p256dh: delivery.target.p256dh, auth: delivery.target.auth } },
        payload,
        { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'high', topic: pushTopicOf(delivery.key) },
        { memberId: delivery.memberId, deviceName: delivery.target.name },
      );
      if (answer.kind === 'accepted') return { kind: 'sent', providerId: `push:${delivery.target.deviceId}` };
      return { kind: 'refused', reason: answer.kind === 'gone' ? `the device ${delivery.target.name} is no longer subscribed` : `the push service refused it (${answer.status} ${answer.reason})` };
    }
    if (delivery.channel === 'email') {
      if (!mailer) return { kind: 'refused', reason: 'no mailer is configured' };
      await mailer.send({ to: delivery.to, messageId: `<${delivery.key}@swarm-alert>`, ...claimLocationEmail(details) });
      return { kind: 'sent', providerId: `email:${delivery.key}` };
    }
    return { kind: 'refused', reason: 'a text goes as a follow-up text' };
  }
}
