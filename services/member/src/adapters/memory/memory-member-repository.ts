import type { CoveringMember, InsertOutcome, MemberPatch, MemberRepository } from '../../app/ports.js';
import { coveringDistance } from '../../domain/covering.js';
import type { GeoPoint } from '../../domain/geo.js';
import type { Member } from '../../domain/member.js';

export class MemoryMemberRepository implements MemberRepository {
  private readonly members = new Map<string, Member>();

  async insertIfAbsent(member: Member): Promise<InsertOutcome> {
    // No await before the write: the check and the insert happen in one turn, as a unique index would make them.
    const existing = this.find((candidate) => candidate.email === member.email);
    if (existing) return { member: structuredClone(existing), created: false };
    if (this.members.has(member.memberId)) throw new Error(`member id ${member.memberId} is already taken`);
    this.members.set(member.memberId, structuredClone(member));
    return { member: structuredClone(member), created: true };
  }

  async findById(memberId: string): Promise<Member | undefined> {
    const member = this.members.get(memberId);
    return member && structuredClone(member);
  }

  async findByEmail(email: string): Promise<Member | undefined> {
    const member = this.find((candidate) => candidate.email === email);
    return member && structuredClone(member);
  }

  async findByPhone(phoneNumber: string): Promise<Member | undefined> {
    if (phoneNumber === '') return undefined;
    const [first] = [...this.members.values()]
      .filter((candidate) => candidate.phoneNumber === phoneNumber)
      .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime() || (left.memberId < right.memberId ? -1 : 1));
    return first && structuredClone(first);
  }

  async update(memberId: string, patch: MemberPatch): Promise<Member | undefined> {
    const member = this.members.get(memberId);
    if (!member) return undefined;
    const { availability, ...fields } = structuredClone(patch);
    Object.assign(member, fields);
    if (availability) {
      const { days, ...scalars } = availability;
      Object.assign(member.availability, scalars);
      for (const [day, window] of Object.entries(days ?? {})) if (window) member.availability.days[Number(day)] = window;
    }
    return structuredClone(member);
  }

  async findCovering(point: GeoPoint, heightFeet: number): Promise<CoveringMember[]> {
    const covering: CoveringMember[] = [];
    for (const member of this.members.values()) {
      const distanceMiles = coveringDistance(member, point, heightFeet);
      if (distanceMiles !== undefined) covering.push({ member: structuredClone(member), distanceMiles });
    }
    return covering.sort((left, right) => left.distanceMiles - right.distanceMiles);
  }

  private find(predicate: (member: Member) => boolean): Member | undefined {
    return [...this.members.values()].find(predicate);
  }
}
