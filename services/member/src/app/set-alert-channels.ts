import { alertChannelsOf, checkAlertChannels, type AlertChannels } from '../domain/alert-channels.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class SetAlertChannels {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /**
   * Replaces the member's channels; at least one that reaches the member stays on. A change of the member like any
   * other (member.changed).
   */
  async execute(memberId: string, channels: AlertChannels): Promise<AlertChannels> {
    const member = await this.ports.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    const alertChannels = checkAlertChannels(channels, { deviceCount: member.pushDevices.length });
    const updated = await this.ports.members.update(memberId, { alertChannels });
    if (!updated) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return alertChannelsOf(updated.alertChannels);
  }
}
