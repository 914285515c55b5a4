/**
 * One alert SMS, from just before it is handed to the provider until it is recorded as sent together with its
 * AlertSent event. Keyed by the alert's send key (`alertSendKey`: report, member and alerting round), so every run
 * of one alert job finds what an earlier run did.
 */
export type SentAlert = {
  sendKey: string;
  reportId: string;
  memberId: string;
  /** The association charged for the alert. */
  companyId: string;
  /** 'sending' from just before the SMS goes to the provider; 'sent' once recorded with its event. */
  state: 'sending' | 'sent';
  startedAt: Date;
  sentAt?: Date;
  /** The provider's message id; absent when a later run recorded a send an earlier run did not get to record. */
  providerId?: string;
};

/** The domain event announcing that a member's alert SMS went to the provider. */
export type AlertSent = {
  kind: 'alert.sent';
  eventId: string;
  reportId: string;
  memberId: string;
  companyId: string;
  sentAt: Date;
};

/** Stable across runs of one alert job, so the event is appended and published once however often the job runs. */
export function alertSentEventId(sendKey: string): string {
  return `alert-sent--${sendKey}`;
}

export function alertSentEvent(alert: Pick<SentAlert, 'sendKey' | 'reportId' | 'memberId' | 'companyId'>, sentAt: Date): AlertSent {
  return { kind: 'alert.sent', eventId: alertSentEventId(alert.sendKey), reportId: alert.reportId, memberId: alert.memberId, companyId: alert.companyId, sentAt };
}
