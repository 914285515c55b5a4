import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimRecordRepository } from '../app/ports/stores.js';

const at = (iso: string) => new Date(iso);

export function claimRecordRepositoryContract(name: string, create: () => Promise<ClaimRecordRepository>): void {
  describe(`ClaimRecordRepository contract: ${name}`, () => {
    let claims: ClaimRecordRepository;
    beforeEach(async () => {
      claims = await create();
    });
    const countOf = async (memberId: string, since: Date) => (await claims.countClaimsSince([memberId], since)).get(memberId) ?? 0;

    it('counts the recent claims of many members in one call, leaving out members without any', async () => {
      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r2', memberId: 'm1', claimedAt: at('2026-06-02T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r3', memberId: 'm2', claimedAt: at('2026-06-02T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r4', memberId: 'm3', claimedAt: at('2026-06-02T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r5', memberId: 'm4', claimedAt: at('2026-05-01T10:00:00Z') });
      const counts = await claims.countClaimsSince(['m1', 'm2', 'm4', 'nobody'], at('2026-05-15T00:00:00Z'));
      expect(Object.fromEntries(counts)).toEqual({ m1: 2, m2: 1 });
      expect((await claims.countClaimsSince([], at('2026-05-01T00:00:00Z'))).size).toBe(0);
    });

    it('counts a member’s claims made since a time', async () => {
      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r2', memberId: 'm1', claimedAt: at('2026-06-05T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r3', memberId: 'm2', claimedAt: at('2026-06-05T10:00:00Z') });
      expect(await countOf('m1', at('2026-05-01T00:00:00Z'))).toBe(2);
      expect(await countOf('m1', at('2026-06-05T10:00:00Z'))).toBe(1);
      expect(await countOf('m1', at('2026-06-06T00:00:00Z'))).toBe(0);
      expect(await countOf('nobody', at('2026-05-01T00:00:00Z'))).toBe(0);
    });

    it('counts a redelivered claim once', async () => {
      for (let i = 0; i < 3; i++) await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      expect(await countOf('m1', at('2026-05-01T00:00:00Z'))).toBe(1);
    });

    it('stops counting an un-claimed swarm, but keeps a claim made again after the un-claim', async () => {
      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      await claims.removeClaim({ reportId: 'r1', memberId: 'm1', unclaimedAt: at('2026-06-01T11:00:00Z') });
      expect(await countOf('m1', at('2026-05-01T00:00:00Z'))).toBe(0);

      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T12:00:00Z') });
      // A late redelivery of the first un-claim must not remove the newer claim.
      await claims.removeClaim({ reportId: 'r1', memberId: 'm1', unclaimedAt: at('2026-06-01T11:00:00Z') });
      expect(await countOf('m1', at('2026-05-01T00:00:00Z'))).toBe(1);
    });
  });
}
