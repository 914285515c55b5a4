import type { KeptReach, MemberReachRepository } from '../../app/ports.js';
import type { MemberReach } from '../../domain/member-coverage.js';

export class MemoryMemberReachRepository implements MemberReachRepository {
  private readonly reach = new Map<string, MemberReach>();
  /** Members who deleted their account: never kept again. */
  private readonly erased = new Set<string>();

  async findMany(memberIds: readonly string[]): Promise<KeptReach[]> {
    return [...new Set(memberIds)].flatMap((memberId): KeptReach[] => {
      if (this.erased.has(memberId)) return [{ memberId, erased: true }];
      const kept = this.reach.get(memberId);
      return kept ? [structuredClone(kept)] : [];
    });
  }

  async saveIfNewer(reach: MemberReach): Promise<void> {
    if (this.erased.has(reach.memberId)) return;
    const kept = this.reach.get(reach.memberId);
    if (!kept || reach.version > kept.version) this.reach.set(reach.memberId, structuredClone(reach));
  }

  async erase(memberId: string): Promise<void> {
    this.erased.add(memberId);
    this.reach.delete(memberId);
  }
}
