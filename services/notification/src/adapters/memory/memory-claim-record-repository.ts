import type { ClaimRecordRepository } from '../../app/ports.js';

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

  async countClaimsSince(memberId: string, since: Date): Promise<number> {
    return [...this.claims.values()].filter((claim) => claim.memberId === memberId && claim.claimedAt >= since).length;
  }
}
