import { MemberError } from '../domain/member-error.js';
import type { LoginTokenRepository, MemberRepository } from './ports.js';

export class DeleteMember {
  constructor(private readonly ports: { members: MemberRepository; loginTokens: LoginTokenRepository }) {}

  /**
   * The member deletes their account: everything kept of them is erased, member.deleted tells the other services, and
   * the login links issued for their email go too.
   */
  async execute(memberId: string): Promise<void> {
    const member = await this.ports.members.findById(memberId);
    if (!member || !(await this.ports.members.erase(memberId))) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    await this.ports.loginTokens.removeForEmail(member.email);
  }
}
