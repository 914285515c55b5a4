import { newMember, normaliseEmail, type Member } from '../domain/member.js';
import type { Clock, IdGenerator, MemberRepository } from './ports.js';

export type EnsureMemberResult = { member: Member; created: boolean };

export class EnsureMember {
  constructor(private readonly ports: { members: MemberRepository; clock: Clock; ids: IdGenerator }) {}

  /** The member known by this email, created with the default availability on first sight. */
  async execute(rawEmail: string): Promise<EnsureMemberResult> {
    const email = normaliseEmail(rawEmail);
    const existing = await this.ports.members.findByEmail(email);
    if (existing) return { member: existing, created: false };
    // A concurrent first call may store the member between the lookup and here; the repository then returns that one.
    return this.ports.members.insertIfAbsent(newMember({ memberId: this.ports.ids.newId(), email, createdAt: this.ports.clock.now() }));
  }
}
