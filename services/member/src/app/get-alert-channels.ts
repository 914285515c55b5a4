import { alertChannelsOf, type AlertChannels } from '../domain/alert-channels.js';
import { MemberError } from '../domain/member-error.js';
import type { PushDevice } from '../domain/push-device.js';
import type { MemberRepository } from './ports.js';

export class GetAlertChannels {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** The channels the member is alerted on (the default until they choose) and their devices, oldest first. */
  async execute(memberId: string): Promise<{ channels: AlertChannels; devices: PushDevice[] }> {
    const member = await this.ports.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return { channels: alertChannelsOf(member.alertChannels), devices: member.pushDevices };
  }
}
