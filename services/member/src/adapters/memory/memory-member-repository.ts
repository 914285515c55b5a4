import type { MemoryOutbox } from '@swarm/runtime';
import type { CoveringMember, InsertOutcome, MemberPatch, MemberRepository } from '../../app/ports.js';
import { coveringDistance } from '../../domain/covering.js';
import type { GeoPoint } from '../../domain/geo.js';
import type { Member } from '../../domain/member.js';
import { memberChanged } from '../../domain/member-events.js';
import { toOutboxMessage } from '../events/member-event-codec.js';

/** Members in a map; a change and its member.changed reach the outbox in one synchronous step. */
export class MemoryMemberRepository implements MemberRepository {
  private readonly members = new Map<string, Member>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

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
    if (!changesAnything(patch)) return structuredClone(member);
    const { availability, ...fields } = structuredClone(patch);
    Object.assign(member, fields);
    if (availability) {
      const { days, ...scalars } = availability;
      Object.assign(member.availability, scalars);
      for (const [day, window] of Object.entries(days ?? {})) if (window) member.availability.days[Number(day)] = window;
    }
    const version = (this.versions.get(memberId) ?? 0) + 1;
    this.versions.set(memberId, version);
    this.outbox.append([toOutboxMessage(memberChanged(memberId, version), new Date())]);
    this.onEventsStored();
    return structuredClone(member);
  }

  async findVersioned(memberIds: string[]): Promise<{ member: Member; version: number }[]> {
    return [...new Set(memberIds)].flatMap((memberId) => {
      const member = this.members.get(memberId);
      return member ? [{ member: structuredClone(member), version: this.versions.get(memberId) ?? 0 }] : [];
    });
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

/** Whether a patch sets any field, as the Mongo adapter writes it (an empty one stores and announces nothing). */
function changesAnything(patch: MemberPatch): boolean {
  const { availability, ...fields } = patch;
  const { days, ...scalars } = availability ?? {};
  return (
    Object.entries(fields).some(([field, value]) => value !== undefined || field === 'home') ||
    Object.values(scalars).some((value) => value !== undefined) ||
    Object.values(days ?? {}).some((window) => window !== undefined)
  );
}
