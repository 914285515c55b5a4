import type { ClaimTokenClaims } from '../../domain/claim-token.js';

/** Signs claim tokens and checks them: a token not signed with this service's secret is refused. */
export interface ClaimTokens {
  sign(claims: ClaimTokenClaims): string;
  /** The claims of a token this service signed, or undefined for a malformed or forged one (expiry is not checked). */
  verify(token: string): ClaimTokenClaims | undefined;
}

export type ClaimTokenUse = { tokenId: string; usedAt: Date; outcome: string };

/** The first use of each claim token and what it answered, so a token serves once. */
export interface ClaimTokenUseRepository {
  find(tokenId: string): Promise<ClaimTokenUse | undefined>;
  /** Keeps the first use of a token; a later one changes nothing. */
  recordFirstUse(use: ClaimTokenUse): Promise<void>;
}
