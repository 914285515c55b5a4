import type { AlertChannel } from './alert-channels.js';

/**
 * One alert SMS, from just before it is charged and handed to the provider until it is recorded as sent together with
 * its AlertSent event, or as failed (the provider refused it for good, or it could not go out any more) and its charge
 * refunded. Keyed by the alert's send key (`alertSendKey`: report, member and alerting round), so every run of one
 * alert job finds what an earlier run did.
 */
export type SentAlert = {
  sendKey: string;
  reportId: string;
  memberId: string;
  /** The association charged for the alert. */
  companyId: string;
  companyName: string;
  /** From the member's home to the swarm, as the SMS said it. */
  distanceMiles: number;
  /** 'sending' from just before the charge; 'sent' once recorded with its event; 'failed' when it never went out. */
  state: 'sending' | 'sent' | 'failed';
  startedAt: Date;
  sentAt?: Date;
  /** The SMS provider's message id, when the alert went by text message. */
  providerId?: string;
  /** The channels that took the alert (absent in records made before channels existed: text message). */
  channels?: AlertChannel[];
  /** Why a failed alert never went out (the refund's ledger line says the same). */
  failedReason?: string;
  failedAt?: Date;
};

/** The domain event announcing that a member's alert SMS went to the provider; the report service records the alert. */
export type AlertSent = {
  kind: 'alert.sent';
  eventId: string;
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  sentAt: Date;
  /** What the association's statistics count of it (in the insights service). */
  sendKey: string;
  costCents: number;
  channels: AlertChannel[];
  smsPriceCents: number;
};

/** Stable across runs of one alert job, so the event is appended and published once however often the job runs. */
export function alertSentEventId(sendKey: string): string {
  return `alert-sent--${sendKey}`;
}

export function alertSentEvent(
  alert: Pick<SentAlert, 'sendKey' | 'reportId' | 'memberId' | 'companyId' | 'companyName' | 'distanceMiles'>,
  sentAt: Date,
  charge: { costCents: number; channels: AlertChannel[]; smsPriceCents: number },
): AlertSent {
  const { sendKey, reportId, memberId, companyId, companyName, distanceMiles } = alert;
  return { kind: 'alert.sent', eventId: alertSentEventId(sendKey), reportId, memberId, companyId, companyName, distanceMiles, sentAt, sendKey, ...charge };
}

/** The alert a member holds about a report, as a claim by SMS attaches it (see ClaimReportByCode). */
export type HeldAlert = { reportId: string; companyId: string; companyName: string; distanceMiles: number; alertedAt: Date };

/** The alert held from the member's sent alerts about one report: the latest started, sent or still being sent. */
export function heldAlertOf(alerts: SentAlert[]): HeldAlert | undefined {
  const latest = alerts.filter((alert) => alert.state !== 'failed').sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())[0];
  if (!latest) return undefined;
  const { reportId, companyId, companyName, distanceMiles, startedAt } = latest;
  return { reportId, companyId, companyName, distanceMiles, alertedAt: startedAt };
}
