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

/** The channels as chosen, or MEMBER.INVALID_ALERT_CHANNELS when every one is off: a member is always reachable. */
export function checkAlertChannels(channels: AlertChannels): AlertChannels {
  if (!channels.sms && !channels.push && !channels.email) throw new MemberError('MEMBER.INVALID_ALERT_CHANNELS', NO_ALERT_CHANNEL_MESSAGE);
  return { sms: channels.sms, push: channels.push, email: channels.email };
}
