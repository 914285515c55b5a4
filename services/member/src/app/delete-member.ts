import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class DeleteMember {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** The member deletes their account: everything kept of them is erased, and member.deleted tells the other services. */
  async execute(memberId: string): Promise<void> {
    if (!(await this.ports.members.erase(memberId))) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
  }
}
