import type { LanguageLabel } from '@swarm/proto/labels';
import { alertMessage } from '../domain/alert-message.js';
import type { AlertChannel, AlertDelivery } from '../domain/alert-channels.js';
import { alertEmail } from '../domain/alert-email.js';
import { alertPushPayload } from '../domain/push-payload.js';
import type { AlertLinks } from './alert-links.js';
import type { ChannelAnswer } from './deliver-once.js';
import { deliverSms } from './deliver-sms.js';
import type { ClaimTokens } from './ports/claim-tokens.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { Mailer } from './ports/inbound.js';
import type { MemberDirectory } from './ports/other-services.js';
import type { PushSender } from './ports/push.js';
import type { SmsSender } from './ports/sms.js';

/** A notification for a swarm is no use after a day; the push service drops it then if the phone stayed offline. */
const PUSH_TTL_SECONDS = 24 * 3_600;

/** The channels an alert can go on beside SMS, each optional (a deployment without a push service, or without email). */
export type AlertChannelPorts = {
  sms: SmsSender;
  push: PushSender | undefined;
  mailer: Mailer | undefined;
  claimTokens: ClaimTokens;
  links: AlertLinks;
};

/** What every channel says of an alert (never the street: the place is the claimer's alone). */
export type AlertFacts = {
  reportId: string;
  claimCode: string;
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  town: string;
  hasPicture: boolean;
  wider: boolean;
  test?: boolean;
  /** The reporter's language, which the alert names when it is not English. */
  reporterLanguage?: LanguageLabel;
};

/**
 * One message of an alert, composed for its channel and handed to it: the SMS text, the notification (title, facts,
 * picture, claim code, Claim and Not now, the claim token), the email (facts, picture, claim page link). A notification
 * whose subscription is gone removes that device from its member.
 */
export class SendAlertMessage {
  constructor(private readonly ports: AlertChannelPorts & { memberDirectory: Pick<MemberDirectory, 'removePushEndpoint'>; log: DispatchLog }) {}

  available(channel: AlertChannel): boolean {
    if (channel === 'push') return this.ports.push !== undefined;
    if (channel === 'email') return this.ports.mailer !== undefined;
    return true;
  }

  /**
   * `interrupted`: an earlier attempt began this message and never recorded how it ended; an SMS is then looked up at
   * the provider (leaving out `excluding`, the same text sent for other rounds) before it is sent again.
   */
  async send(
    delivery: AlertDelivery,
    alert: AlertFacts,
    claimToken: string,
    interrupted: { startedAt: Date; excluding: readonly string[] } | undefined,
    handOver?: () => Promise<void>,
  ): Promise<ChannelAnswer> {
    const { sms, push, mailer, links, memberDirectory, log } = this.ports;
    const thumbnailUrl = alert.hasPicture ? links.thumbnailUrl(claimToken) : '';
    switch (delivery.channel) {
      case 'sms': {
        const answer = await deliverSms(sms, { to: delivery.to, body: alertMessage(alert), idempotencyKey: delivery.key }, interrupted, handOver);
        return answer.kind === 'sent' ? { kind: 'sent', providerId: answer.providerId, found: answer.found } : answer;
      }
      case 'push': {
        if (!push) return { kind: 'refused', reason: 'no push service is configured' };
        // A repeat after a crash carries the same topic and tag: the push service and the phone keep one notification.
        const payload = alertPushPayload({ ...alert, thumbnailUrl, claimToken, claimUrl: links.claimUrl() });
        const answer = await push.send({ endpoint: delivery.target.endpoint, keys: { p256dh: delivery.target.p256dh, auth: delivery.target.auth } }, payload, {
          ttlSeconds: PUSH_TTL_SECONDS,
          urgency: 'high',
          topic: pushTopicOf(delivery.key),
        }, { memberId: delivery.memberId, deviceName: delivery.target.name });
        if (answer.kind === 'accepted') return { kind: 'sent', providerId: `push:${delivery.target.deviceId}` };
        if (answer.kind === 'gone') {
          log.info({ reportId: alert.reportId, deviceId: delivery.target.deviceId }, 'push subscription gone: device removed');
          await memberDirectory.removePushEndpoint(delivery.target.endpoint);
          return { kind: 'refused', reason: `the device ${delivery.target.name} is no longer subscribed` };
        }
        return { kind: 'refused', reason: `the push service refused it (${answer.status} ${answer.reason})` };
      }
      case 'email': {
        if (!mailer) return { kind: 'refused', reason: 'no mailer is configured' };
        // SMTP cannot be asked whether a message went: a send retried after a crash carries the same Message-ID, and
        // mail systems keep one message per Message-ID.
        const messageId = `<${delivery.key}@swarm-alert>`;
        await mailer.send({ to: delivery.to, messageId, ...alertEmail({ ...alert, claimPageUrl: links.claimPageUrl(claimToken), thumbnailUrl }) });
        return { kind: 'sent', providerId: `email:${delivery.key}` };
      }
    }
  }
}

/** RFC 8030 topics are at most 32 base64url characters: a digest of the message's key (FNV-1a and a second mix). */
export function pushTopicOf(key: string): string {
  let hash = 0x811c9dc5;
  let second = 0x01000193;
  for (const character of key) {
    const code = character.codePointAt(0) ?? 0;
    hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x5bd1e995) >>> 0;
  }
  return `${hash.toString(36)}${second.toString(36)}`.slice(0, 32);
}
