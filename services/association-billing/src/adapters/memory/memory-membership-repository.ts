import type { MembershipRepository } from '../../app/ports.js';
import type { Membership } from '../../domain/membership.js';

const keyOf = (companyId: string, memberId: string) => JSON.stringify([companyId, memberId]);
const oldestFirst = (a: Membership, b: Membership) => a.dateJoined.getTime() - b.dateJoined.getTime();

/** Memberships by (association, member), with the by-member and by-association lookups the Mongo indexes give. */
export class MemoryMembershipRepository implements MembershipRepository {
  private readonly memberships = new Map<string, Membership>();
  private readonly keysByMember = new Map<string, Set<string>>();
  private readonly keysByAssociation = new Map<string, Set<string>>();

  async createIfAbsent(membership: Membership): Promise<boolean> {
    const key = keyOf(membership.companyId, membership.memberId);
    if (this.memberships.has(key)) return false;
    this.memberships.set(key, structuredClone(membership));
    addTo(this.keysByMember, membership.memberId, key);
    addTo(this.keysByAssociation, membership.companyId, key);
    return true;
  }

  async find(companyId: string, memberId: string): Promise<Membership | undefined> {
    const membership = this.memberships.get(keyOf(companyId, memberId));
    return membership && structuredClone(membership);
  }

  async reactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined> {
    const membership = this.memberships.get(keyOf(companyId, memberId));
    if (!membership || membership.status !== 'inactive') return undefined;
    membership.status = 'active';
    membership.dateStatusChanged = at;
    return structuredClone(membership);
  }

  async deactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined> {
    const membership = this.memberships.get(keyOf(companyId, memberId));
    if (!membership) return undefined;
    if (membership.status !== 'inactive') {
      membership.status = 'inactive';
      membership.dateStatusChanged = at;
    }
    return structuredClone(membership);
  }

  async makeAdmin(companyId: string, memberId: string): Promise<Membership | undefined> {
    const membership = this.memberships.get(keyOf(companyId, memberId));
    if (!membership) return undefined;
    membership.isAdmin = true;
    return structuredClone(membership);
  }

  async revokeAdmin(companyId: string, memberId: string): Promise<{ membership: Membership; wasAdmin: boolean } | undefined> {
    const membership = this.memberships.get(keyOf(companyId, memberId));
    if (!membership) return undefined;
    const wasAdmin = membership.isAdmin;
    membership.isAdmin = false;
    return { membership: structuredClone(membership), wasAdmin };
  }

  async remove(companyId: string, memberId: string): Promise<boolean> {
    const key = keyOf(companyId, memberId);
    if (!this.memberships.delete(key)) return false;
    removeFrom(this.keysByMember, memberId, key);
    removeFrom(this.keysByAssociation, companyId, key);
    return true;
  }

  async listByMember(memberId: string): Promise<Membership[]> {
    return this.select(this.keysByMember.get(memberId) ?? []);
  }

  async listByAssociation(companyId: string): Promise<Membership[]> {
    return this.select(this.keysByAssociation.get(companyId) ?? []);
  }

  async listActiveByMembers(memberIds: readonly string[]): Promise<Membership[]> {
    const keys = [...new Set(memberIds)].flatMap((memberId) => [...(this.keysByMember.get(memberId) ?? [])]);
    return this.select(keys, (membership) => membership.status === 'active');
  }

  private select(keys: Iterable<string>, keep: (membership: Membership) => boolean = () => true): Membership[] {
    return [...keys]
      .map((key) => this.memberships.get(key)!)
      .filter(keep)
      .sort(oldestFirst)
      .map((membership) => structuredClone(membership));
  }
}

function addTo(index: Map<string, Set<string>>, id: string, key: string): void {
  const keys = index.get(id);
  if (keys) keys.add(key);
  else index.set(id, new Set([key]));
}

function removeFrom(index: Map<string, Set<string>>, id: string, key: string): void {
  const keys = index.get(id);
  keys?.delete(key);
  if (keys?.size === 0) index.delete(id);
}
