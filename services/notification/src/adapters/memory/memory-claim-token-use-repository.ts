import type { ClaimTokenUse, ClaimTokenUseRepository } from '../../app/ports/claim-tokens.js';

export class MemoryClaimTokenUseRepository implements ClaimTokenUseRepository {
  private readonly uses = new Map<string, ClaimTokenUse>();

  async find(tokenId: string): Promise<ClaimTokenUse | undefined> {
    const use = this.uses.get(tokenId);
    return use && { ...use };
  }

  async recordFirstUse(use: ClaimTokenUse): Promise<void> {
    if (!this.uses.has(use.tokenId)) this.uses.set(use.tokenId, { ...use });
  }
}
