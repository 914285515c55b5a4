import type { AlertChannels } from '../domain/alert-channels.js';
import type { Availability } from '../domain/availability.js';
import { MemberError } from '../domain/member-error.js';
import type { PushDevice } from '../domain/push-device.js';
import type { MemberRepository } from './ports.js';

/** One request's worth; the alerting of one report asks for its covering members, far fewer. */
export const MAX_ALERT_SETTINGS_IDS = 1_000;

/**
 * What alerting needs of a member, with the version member.changed announces; `name` as the member gave it.
 * `channels` is undefined for a member who never chose (text message only); `email` is the login email, where email
 * alerts go; `pushDevices` are where notifications go.
 */
export type AlertSettings = {
  memberId: string;
  version: number;
  name: string;
  phoneNumber: string;
  timeZone: string;
  availability: Availability;
  channels: AlertChannels | undefined;
  email: string;
  pushDevices: PushDevice[];
};

/** The alert settings of many members at once, for the copy the notification service keeps. */
export class ListAlertSettings {
  constructor(private readonly ports: { members: MemberRepository }) {}

  async execute(memberIds: string[]): Promise<AlertSettings[]> {
    if (memberIds.length > MAX_ALERT_SETTINGS_IDS) {
      throw new MemberError('MEMBER.TOO_MANY_IDS', `at most ${MAX_ALERT_SETTINGS_IDS} member ids at once`);
    }
    const found = await this.ports.members.findVersioned(memberIds.filter((memberId) => memberId !== ''));
    return found.map(({ member, version }) => ({
      memberId: member.memberId,
      version,
      name: member.name,
      phoneNumber: member.phoneNumber,
      timeZone: member.timeZone,
      availability: member.availability,
      channels: member.alertChannels,
      email: member.email,
      pushDevices: member.pushDevices,
    }));
  }
}
