import type { Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberRepository } from './ports.js';

export class SetDoNotDisturb {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** Writes only the flag, so an SMS STOP arriving while the member edits other settings loses nothing. */
  async execute(memberId: string, doNotDisturb: boolean): Promise<Member> {
    const updated = await this.ports.members.update(memberId, { availability: { doNotDisturb } });
    if (!updated) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return updated;
  }
}
