import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export const DEVICE_NOT_FOUND_MESSAGE = 'Device not found.';

export class RemovePushDevice {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** The member stops getting notifications on this device of theirs. */
  async execute(memberId: string, deviceId: string): Promise<void> {
    const outcome = await this.ports.members.removePushDevice(memberId, deviceId);
    if (outcome === 'member-not-found') throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    if (outcome === 'device-not-found') throw new MemberError('MEMBER.DEVICE_NOT_FOUND', DEVICE_NOT_FOUND_MESSAGE);
  }
}
