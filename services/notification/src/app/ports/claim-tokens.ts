import type { ClaimTokenClaims } from '../../domain/claim-token.js';

/** Signs claim tokens and checks them: a token not signed with this service's secret is refused. */
export interface ClaimTokens {
  sign(claims: ClaimTokenClaims): string;
  /** The claims of a token this service signed, or undefined for a malformed or forged one (expiry is not checked). */
  verify(token: string): ClaimTokenClaims | undefined;
}

/** The first use of each claim token and what it answered, so a token serves once. */
export interface ClaimTokenUseRepository {
  /** Records the use unless the token was used before; answers the earlier use's outcome when it was. */
  recordFirstUse(use: { tokenId: string; usedAt: Date; outcome: string }): Promise<{ first: true } | { first: false; outcome: string }>;
}
