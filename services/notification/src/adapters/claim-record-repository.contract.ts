import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimRecordRepository } from '../app/ports.js';

const at = (iso: string) => new Date(iso);

export function claimRecordRepositoryContract(name: string, create: () => Promise<ClaimRecordRepository>): void {
  describe(`ClaimRecordRepository contract: ${name}`, () => {
    let claims: ClaimRecordRepository;
    beforeEach(async () => {
      claims = await create();
    });

    it('counts a member’s claims made since a time', async () => {
      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r2', memberId: 'm1', claimedAt: at('2026-06-05T10:00:00Z') });
      await claims.recordClaim({ reportId: 'r3', memberId: 'm2', claimedAt: at('2026-06-05T10:00:00Z') });
      expect(await claims.countClaimsSince('m1', at('2026-05-01T00:00:00Z'))).toBe(2);
      expect(await claims.countClaimsSince('m1', at('2026-06-05T10:00:00Z'))).toBe(1);
      expect(await claims.countClaimsSince('m1', at('2026-06-06T00:00:00Z'))).toBe(0);
      expect(await claims.countClaimsSince('nobody', at('2026-05-01T00:00:00Z'))).toBe(0);
    });

    it('counts a redelivered claim once', async () => {
      for (let i = 0; i < 3; i++) await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      expect(await claims.countClaimsSince('m1', at('2026-05-01T00:00:00Z'))).toBe(1);
    });

    it('stops counting an un-claimed swarm, but keeps a claim made again after the un-claim', async () => {
      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T10:00:00Z') });
      await claims.removeClaim({ reportId: 'r1', memberId: 'm1', unclaimedAt: at('2026-06-01T11:00:00Z') });
      expect(await claims.countClaimsSince('m1', at('2026-05-01T00:00:00Z'))).toBe(0);

      await claims.recordClaim({ reportId: 'r1', memberId: 'm1', claimedAt: at('2026-06-01T12:00:00Z') });
      // A late redelivery of the first un-claim must not remove the newer claim.
      await claims.removeClaim({ reportId: 'r1', memberId: 'm1', unclaimedAt: at('2026-06-01T11:00:00Z') });
      expect(await claims.countClaimsSince('m1', at('2026-05-01T00:00:00Z'))).toBe(1);
    });
  });
}
