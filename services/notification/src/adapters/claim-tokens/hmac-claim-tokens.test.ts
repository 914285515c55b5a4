import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HmacClaimTokens } from './hmac-claim-tokens.js';

const tokens = new HmacClaimTokens('a-secret-of-at-least-thirty-two-bytes!!');
const claims = {
  reportId: '3ce8f571-f766-44c5-9f80-3caf981088a2',
  memberId: 'ba3f36f7-c4a3-4458-9651-4fae29a6aecb',
  sendKey: 'alert--3ce8f571-f766-44c5-9f80-3caf981088a2--ba3f36f7-c4a3-4458-9651-4fae29a6aecb--unclaimed-975d5ea9-10bc-462f-ac64-86c7aa49c469',
  expiresAt: new Date('2026-06-04T18:00:00Z'),
};

describe('HmacClaimTokens', () => {
  it('reads back the claims of a token it signed, within the push payload’s limit', () => {
    const token = tokens.sign(claims);
    // UUIDs and an un-claim's round, the longest send key: well within what the routes and the push payload take.
    expect(token.length).toBeLessThanOrEqual(300);
    expect(/^[A-Za-z0-9._-]+$/.test(token)).toBe(true);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(tokens.sign({ ...claims, test: true }))).toEqual({ ...claims, test: true });
  });

  it('refuses a token signed with another secret, or with its claims changed (another member’s, another report)', () => {
    const other = new HmacClaimTokens('another-secret-of-at-least-thirty-two-bytes');
    expect(tokens.verify(other.sign(claims))).toBeUndefined();
    const [, signature] = tokens.sign(claims).split('.');
    const forged = `${Buffer.from(JSON.stringify({ r: 'r1', m: 'm2', k: claims.sendKey, e: 1_800_000_000 })).toString('base64url')}.${signature}`;
    expect(tokens.verify(forged)).toBeUndefined();
  });

  it('refuses anything that is not a token', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(tokens.verify(text)).toBeUndefined();
      }),
    );
    expect(tokens.verify(`${tokens.sign(claims)}.extra`)).toBeUndefined();
  });

  it('wants a secret of 32 bytes at least', () => {
    expect(() => new HmacClaimTokens('short')).toThrow();
  });
});
