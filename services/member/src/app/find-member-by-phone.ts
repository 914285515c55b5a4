import { nationalPhoneNumber, type Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class FindMemberByPhone {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** The member an SMS came from; the provider sends +1 and ten digits, members give ten digits. */
  async execute(rawPhoneNumber: string): Promise<Member> {
    const phoneNumber = nationalPhoneNumber(rawPhoneNumber);
    const member = phoneNumber === undefined ? undefined : await this.ports.members.findByPhone(phoneNumber);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'no member has this phone number');
    return member;
  }
}
