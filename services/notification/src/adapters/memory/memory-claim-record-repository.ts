import type { ClaimRecordRepository } from '../../app/ports/stores.js';

type ClaimRecord = { reportId: string; memberId: string; claimedAt: Date };

export class MemoryClaimRecordRepository implements ClaimRecordRepository {
  private readonly claims = new Map<string, ClaimRecord>();

  async recordClaim(claim: ClaimRecord): Promise<void> {
    const key = `${claim.reportId}--${claim.memberId}`;
    const existing = this.claims.get(key);
    if (!existing || existing.claimedAt < claim.claimedAt) this.claims.set(key, { ...claim });
  }

  async removeClaim(claim: { reportId: string; memberId: string; unclaimedAt: Date }): Promise<void> {
    const key = `${claim.reportId}--${claim.memberId}`;
    const existing = this.claims.get(key);
    if (existing && existing.claimedAt <= claim.unclaimedAt) this.claims.delete(key);
  }

  async countClaimsSince(memberIds: string[], since: Date): Promise<Map<string, number>> {
    const wanted = new Set(memberIds);
    const counts = new Map<string, number>();
    for (const claim of this.claims.values()) {
      if (wanted.has(claim.memberId) && claim.claimedAt >= since) counts.set(claim.memberId, (counts.get(claim.memberId) ?? 0) + 1);
    }
    return counts;
  }
}
