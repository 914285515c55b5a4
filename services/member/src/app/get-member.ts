import type { Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class GetMember {
  constructor(private readonly ports: { members: MemberRepository }) {}

  async execute(memberId: string): Promise<Member> {
    return (await this.withVersion(memberId)).member;
  }

  /** The member with the version member.changed announced last, for a service that keeps a copy of what it needs. */
  async withVersion(memberId: string): Promise<{ member: Member; version: number }> {
    const [found] = memberId === '' ? [] : await this.ports.members.findVersioned([memberId]);
    if (!found) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return found;
  }
}
