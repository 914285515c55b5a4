import type { MembershipRepository } from '../../app/ports.js';
import type { Membership } from '../../domain/membership.js';

const keyOf = (companyId: string, memberId: string) => JSON.stringify([companyId, memberId]);
const oldestFirst = (a: Membership, b: Membership) => a.dateJoined.getTime() - b.dateJoined.getTime();

export class MemoryMembershipRepository implements MembershipRepository {
  private readonly memberships = new Map<string, Membership>();

  async createIfAbsent(membership: Membership): Promise<boolean> {
    const key = keyOf(membership.companyId, membership.memberId);
    if (this.memberships.has(key)) return false;
    this.memberships.set(key, structuredClone(membership));
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

  async remove(companyId: string, memberId: string): Promise<boolean> {
    return this.memberships.delete(keyOf(companyId, memberId));
  }

  async listByMember(memberId: string): Promise<Membership[]> {
    return this.select((membership) => membership.memberId === memberId);
  }

  async listByAssociation(companyId: string): Promise<Membership[]> {
    return this.select((membership) => membership.companyId === companyId);
  }

  async listActiveByMembers(memberIds: readonly string[]): Promise<Membership[]> {
    const wanted = new Set(memberIds);
    return this.select((membership) => membership.status === 'active' && wanted.has(membership.memberId));
  }

  private select(predicate: (membership: Membership) => boolean): Membership[] {
    return [...this.memberships.values()].filter(predicate).sort(oldestFirst).map((membership) => structuredClone(membership));
  }
}
