import type { GeoPoint } from '../domain/geo.js';
import { checkInformation, type Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class UpdateMemberInformation {
  constructor(private readonly members: MemberRepository) {}

  /** Replaces name, phone and address; the address comes with the home location the gateway resolved it to. */
  async execute(
    memberId: string,
    information: { name: string; phoneNumber: string; address: string; home: GeoPoint | undefined },
  ): Promise<Member> {
    const checked = checkInformation(information);
    const member = await this.members.update(memberId, checked);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return member;
  }
}
