import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ClaimTokens } from '../../app/ports/claim-tokens.js';
import { decodeClaims, encodeClaims, type ClaimTokenClaims } from '../../domain/claim-token.js';

/**
 * Claim tokens signed with HMAC-SHA256 under CLAIM_TOKEN_SECRET: `<claims>.<signature>`, both base64url. The signature
 * is compared in constant time, and the claims are read only once it matches.
 */
export class HmacClaimTokens implements ClaimTokens {
  constructor(private readonly secret: string) {
    if (Buffer.byteLength(secret) < 32) throw new Error('the claim token secret must be at least 32 bytes');
  }

  sign(claims: ClaimTokenClaims): string {
    const encoded = encodeClaims(claims);
    return `${encoded}.${this.signatureOf(encoded).toString('base64url')}`;
  }

  verify(token: string): ClaimTokenClaims | undefined {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return undefined;
    const expected = this.signatureOf(encoded);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return decodeClaims(encoded);
  }

  private signatureOf(encoded: string): Buffer {
    return createHmac('sha256', this.secret).update(encoded).digest();
  }
}
