import { changeOnboarding, type Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class UpdateOnboarding {
  constructor(private readonly ports: { members: MemberRepository }) {}

  async execute(memberId: string, onboardingId: number, status: string): Promise<Member> {
    const member = await this.ports.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    const updated = await this.ports.members.update(memberId, { onboarding: changeOnboarding(member.onboarding, onboardingId, status) });
    if (!updated) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return updated;
  }
}
