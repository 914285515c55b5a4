import { describe, expect, it } from 'vitest';
import { VapidError, verifyVapidAuthorization } from './vapid-token.js';
import { testVapidKey, vapidAuthorization } from './web-push-sender.test-support.js';

const AUDIENCE = 'https://127.0.0.1:8443';
const NOW = new Date('2026-05-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const key = testVapidKey();
const validClaims = { aud: AUDIENCE, exp: nowSeconds + 12 * 3600, sub: 'mailto:alerts@swarm-alert.example' };

describe('verifyVapidAuthorization (RFC 8292)', () => {
  it('accepts an ES256 token for this origin signed by the k key, and tells who sent it', () => {
    const identity = verifyVapidAuthorization(vapidAuthorization(key, validClaims), { audience: AUDIENCE, now: NOW });

    expect(identity).toEqual({ publicKey: key.publicKey, subject: validClaims.sub, audience: AUDIENCE, expiresAt: new Date((nowSeconds + 12 * 3600) * 1000) });
  });

  it('accepts an https: subject and quoted parameters', () => {
    const header = vapidAuthorization(key, { ...validClaims, sub: 'https://swarm-alert.example/contact' }).replace(/k=(\S+)$/, 'k="$1"');

    expect(verifyVapidAuthorization(header, { audience: AUDIENCE, now: NOW }).subject).toBe('https://swarm-alert.example/contact');
  });

  it.each([
    ['no header', () => undefined, /no Authorization header/],
    ['another scheme', () => 'WebPush abc', /scheme is not vapid/],
    ['no key', () => vapidAuthorization(key, validClaims).replace(/, k=\S+$/, ''), /no k \(key\)/],
    ['a token signed by another key than k', () => vapidAuthorization(testVapidKey(), validClaims, { k: key.publicKey }), /does not verify/],
    ['a token for another push service', () => vapidAuthorization(key, { ...validClaims, aud: 'https://push.example' }), /audience/],
    ['an expired token', () => vapidAuthorization(key, { ...validClaims, exp: nowSeconds - 1 }), /expired/],
    ['a token living more than 24 hours', () => vapidAuthorization(key, { ...validClaims, exp: nowSeconds + 24 * 3600 + 60 }), /more than 24 hours/],
    ['a token without exp', () => vapidAuthorization(key, { aud: AUDIENCE, sub: validClaims.sub }), /no numeric exp/],
    ['a token without a contact subject', () => vapidAuthorization(key, { ...validClaims, sub: 'alerts team' }), /not a mailto: or https: URI/],
    ['an HS256 token', () => vapidAuthorization(key, validClaims, { header: { typ: 'JWT', alg: 'HS256' } }), /not ES256/],
    ['an unsigned token', () => vapidAuthorization(key, validClaims, { header: { alg: 'none' } }), /not ES256/],
    ['a k that is no P-256 point', () => vapidAuthorization(key, validClaims, { k: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url') }), /not a point on P-256/],
    ['a compressed k', () => vapidAuthorization(key, validClaims, { k: Buffer.alloc(33, 2).toString('base64url') }), /not an uncompressed P-256 point/],
    ['a token that is not three parts', () => `vapid t=abc.def, k=${key.publicKey}`, /three base64url parts/],
  ])('refuses %s', (_name, header, message) => {
    let caught: unknown;
    try {
      verifyVapidAuthorization(header(), { audience: AUDIENCE, now: NOW });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(VapidError);
    expect((caught as Error).message).toMatch(message);
  });
});
