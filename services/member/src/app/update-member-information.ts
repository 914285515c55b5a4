import { checkInformation, keepsHome, placedAddress, type Member, type MemberInformation } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { Geocoder, MemberRepository } from './ports.js';

export class UpdateMemberInformation {
  constructor(private readonly ports: { members: MemberRepository; geocoder: Geocoder }) {}

  /**
   * Replaces name, phone and address. The rules are checked first, so the geocoder (a paid provider) only sees
   * well-formed information; a changed address is then placed and stored under the place's name, an unchanged one
   * keeps its home, and no address clears it.
   */
  async execute(memberId: string, information: MemberInformation): Promise<Member> {
    const checked = checkInformation(information);
    const current = await this.ports.members.findById(memberId);
    if (!current) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    const place =
      checked.address === ''
        ? { address: '', home: undefined }
        : keepsHome(current, checked.address)
          ? { address: checked.address, home: current.home }
          : placedAddress(await this.ports.geocoder.resolve(checked.address));
    const member = await this.ports.members.update(memberId, { ...checked, ...place });
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return member;
  }
}
