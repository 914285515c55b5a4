/**
 * How an alert reaches a member: a text message (the spec's default, 7 cents), a notification on each of their devices
 * (Web Push) and an email, in any combination the member chose. Every channel follows the same fairness delay,
 * availability window, Do Not Disturb and height rule: they are decided once per alert, before any channel goes.
 */
export type AlertChannel = 'sms' | 'push' | 'email';

export const ALERT_CHANNELS: readonly AlertChannel[] = ['sms', 'push', 'email'];

export type AlertChannels = Record<AlertChannel, boolean>;

export const DEFAULT_ALERT_CHANNELS: AlertChannels = { sms: true, push: false, email: false };

/** A browser's push subscription, as PushSubscription.toJSON() gives it (keys in base64url). */
export type PushSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A device of the member as alerting needs it: its push service endpoint and the subscription's keys. */
export type PushTarget = { deviceId: string; name: string; endpoint: string; p256dh: string; auth: string };

/** One message of an alert, on one channel (a notification per device). */
export type AlertDelivery =
  | { channel: 'push'; key: string; target: PushTarget; memberId: string }
  | { channel: 'email'; key: string; to: string }
  | { channel: 'sms'; key: string; to: string };

/**
 * The messages of one alert, in the order they go: the free, unpaced channels first, the text message last (it may wait
 * for its slot behind a wave). A chosen channel the member has no address for (no phone, no device) is left out.
 * When `fallback` is set (none of the chosen channels reached the member), the alert goes by email instead.
 */
export function alertDeliveries(
  sendKey: string,
  member: { memberId: string; channels: AlertChannels; phoneNumber: string; email?: string; pushTargets?: readonly PushTarget[] },
  options: { fallback?: boolean } = {},
): AlertDelivery[] {
  const deliveries: AlertDelivery[] = [];
  const channels = options.fallback ? { sms: false, push: false, email: true } : member.channels;
  if (channels.push) for (const target of member.pushTargets ?? []) deliveries.push({ channel: 'push', key: `${sendKey}--push--${target.deviceId}`, target, memberId: member.memberId });
  if (channels.email && member.email) deliveries.push({ channel: 'email', key: `${sendKey}--email`, to: member.email });
  if (channels.sms && member.phoneNumber) deliveries.push({ channel: 'sms', key: sendKey, to: member.phoneNumber });
  return deliveries;
}
