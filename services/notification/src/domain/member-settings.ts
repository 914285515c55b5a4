import { DEFAULT_ALERT_CHANNELS, type AlertChannels, type PushTarget } from './alert-channels.js';
import { nextAvailableAt, type DayWindow } from './alert-window.js';

/**
 * What alerting needs of a member, as the member service last told it: the copy notification keeps, fed by
 * member.changed. `version` grows with every change of the member, so an older copy never replaces a newer one.
 */
export type MemberAlertSettings = {
  memberId: string;
  version: number;
  /** As the member gave it (texts to a reporter name the claimer by its first word); absent or empty until given. */
  name?: string;
  /** Ten digits; empty when the member gave none. */
  phoneNumber: string;
  /** IANA name; the windows' hours are read in this zone. */
  timeZone: string;
  availability: { doNotDisturb: boolean; elevationMaximumFeet: number; days: DayWindow[] };
  /** How the member wants to be alerted; absent in copies made before channels existed: text message only. */
  channels?: AlertChannels;
  /** The member's login email, where email alerts go. */
  email?: string;
  /** The member's devices for notifications. */
  pushTargets?: PushTarget[];
};

export function alertChannelsOf(settings: Pick<MemberAlertSettings, 'channels'>): AlertChannels {
  return settings.channels ?? DEFAULT_ALERT_CHANNELS;
}

export type AlertTime = { never: true } | { never: false; sendAt: Date };

/** When the member may be alerted at or after `notBefore`: never under Do Not Disturb, else in their next window. */
export function nextAlertTime(settings: MemberAlertSettings, notBefore: Date): AlertTime {
  const sendAt = nextAvailableAt(settings.availability, settings.timeZone, notBefore);
  return sendAt ? { never: false, sendAt } : { never: true };
}

/** Whether `candidate` should replace the copy kept (none kept, or a newer version). */
export function isNewer(candidate: Pick<MemberAlertSettings, 'version'>, kept: Pick<MemberAlertSettings, 'version'> | undefined): boolean {
  return kept === undefined || candidate.version > kept.version;
}
