import type { Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class GetMember {
  constructor(private readonly ports: { members: MemberRepository }) {}

  async execute(memberId: string): Promise<Member> {
    const member = await this.ports.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return member;
  }
}
