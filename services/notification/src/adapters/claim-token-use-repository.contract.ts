import { beforeEach, describe, expect, it } from 'vitest';
import type { ClaimTokenUseRepository } from '../app/ports/claim-tokens.js';

const at = new Date('2026-06-01T18:00:00Z');

/** What every ClaimTokenUseRepository adapter must do; `create` gives a fresh, empty one. */
export function claimTokenUseRepositoryContract(name: string, create: () => Promise<ClaimTokenUseRepository>): void {
  describe(`ClaimTokenUseRepository contract: ${name}`, () => {
    let uses: ClaimTokenUseRepository;
    beforeEach(async () => {
      uses = await create();
    });

    it('keeps the first use of a token and its outcome; a later use changes nothing', async () => {
      expect(await uses.find('alert--r1--m1--submitted')).toBeUndefined();
      await uses.recordFirstUse({ tokenId: 'alert--r1--m1--submitted', usedAt: at, outcome: 'claimed' });
      await uses.recordFirstUse({ tokenId: 'alert--r1--m1--submitted', usedAt: new Date(at.getTime() + 1_000), outcome: 'taken' });
      expect(await uses.find('alert--r1--m1--submitted')).toEqual({ tokenId: 'alert--r1--m1--submitted', usedAt: at, outcome: 'claimed' });
      expect(await uses.find('alert--r1--m2--submitted')).toBeUndefined();
    });

    it('keeps one use of many recorded at once', async () => {
      await Promise.all(['claimed', 'taken', 'over'].map((outcome) => uses.recordFirstUse({ tokenId: 't', usedAt: at, outcome })));
      expect(['claimed', 'taken', 'over']).toContain((await uses.find('t'))?.outcome);
    });
  });
}
