import { MemberError } from './member-error.js';

/** How a member wants to be alerted: by text message, by a notification on their devices (Web Push), by email. */
export type AlertChannels = { sms: boolean; push: boolean; email: boolean };

/** The spec's alert is a text message: a member who never chose is alerted that way only. */
export const DEFAULT_ALERT_CHANNELS: Readonly<AlertChannels> = Object.freeze({ sms: true, push: false, email: false });

export const NO_ALERT_CHANNEL_MESSAGE = 'Choose at least one way to be alerted.';

/** The channels a member is alerted on: their choice, or the default when they never chose. */
export function alertChannelsOf(chosen: AlertChannels | undefined): AlertChannels {
  return { ...(chosen ?? DEFAULT_ALERT_CHANNELS) };
}

export const NO_DEVICE_FOR_PUSH_MESSAGE =
  'Choose at least one way to be alerted: notifications reach no device of yours yet, so keep Text message or Email on until a device is added.';

/**
 * The channels as chosen, or MEMBER.INVALID_ALERT_CHANNELS when none would reach the member: every one off, or
 * notifications alone with no device to show them (an alert would then go nowhere). A member is always reachable.
 */
export function checkAlertChannels(channels: AlertChannels, member: { deviceCount: number }): AlertChannels {
  if (!channels.sms && !channels.push && !channels.email) throw new MemberError('MEMBER.INVALID_ALERT_CHANNELS', NO_ALERT_CHANNEL_MESSAGE);
  if (!channels.sms && !channels.email && member.deviceCount === 0) throw new MemberError('MEMBER.INVALID_ALERT_CHANNELS', NO_DEVICE_FOR_PUSH_MESSAGE);
  return { sms: channels.sms, push: channels.push, email: channels.email };
}
