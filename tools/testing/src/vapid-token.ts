import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * What a push service checks of `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): the key is an uncompressed P-256
 * point, the token an ES256 JWT signed by that key, for this push service's origin, expiring within 24 hours. The
 * subject must be a mailto: or https: URI: RFC 8292 only says SHOULD, but Apple's push service refuses a token
 * without one, so a sender is held to it here.
 */
export type VapidIdentity = { publicKey: string; subject: string; audience: string; expiresAt: Date };

export class VapidError extends Error {
  override readonly name = 'VapidError';
}

const MAX_LIFETIME_SECONDS = 24 * 60 * 60;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function verifyVapidAuthorization(header: string | undefined, expected: { audience: string; now?: Date }): VapidIdentity {
  if (!header) throw new VapidError('no Authorization header');
  const match = /^vapid\s+(.*)$/is.exec(header.trim());
  if (!match) throw new VapidError('the Authorization scheme is not vapid');
  const parameters = authParameters(match[1] ?? '');
  const token = parameters.get('t');
  const key = parameters.get('k');
  if (!token) throw new VapidError('the vapid authorization has no t (token) parameter');
  if (!key) throw new VapidError('the vapid authorization has no k (key) parameter');

  const publicKey = p256PublicKey(key);
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw new VapidError('the token is not a compact JWS of three base64url parts');
  const [encodedHeader = '', encodedClaims = '', encodedSignature = ''] = parts;
  const jwtHeader = jsonPart(encodedHeader, 'header');
  if (jwtHeader.alg !== 'ES256') throw new VapidError(`the token's alg is ${JSON.stringify(jwtHeader.alg)}, not ES256`);
  if (jwtHeader.typ !== undefined && jwtHeader.typ !== 'JWT') throw new VapidError(`the token's typ is ${JSON.stringify(jwtHeader.typ)}, not JWT`);
  const signature = Buffer.from(encodedSignature, 'base64url');
  if (signature.length !== 64) throw new VapidError(`the ES256 signature is ${signature.length} octets, not 64`);
  if (!verify('sha256', Buffer.from(`${encodedHeader}.${encodedClaims}`, 'ascii'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)) {
    throw new VapidError('the token signature does not verify with the k key');
  }

  const claims = jsonPart(encodedClaims, 'claims');
  if (claims.aud !== expected.audience) throw new VapidError(`the token's audience is ${JSON.stringify(claims.aud)}, not this push service's origin ${expected.audience}`);
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) throw new VapidError('the token has no numeric exp');
  const nowSeconds = Math.floor((expected.now ?? new Date()).getTime() / 1000);
  if (claims.exp <= nowSeconds) throw new VapidError('the token has expired');
  if (claims.exp > nowSeconds + MAX_LIFETIME_SECONDS) throw new VapidError('the token expires more than 24 hours from now');
  if (typeof claims.sub !== 'string' || !/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(claims.sub)) {
    throw new VapidError(`the token's subject ${JSON.stringify(claims.sub)} is not a mailto: or https: URI`);
  }
  return { publicKey: key, subject: claims.sub, audience: claims.aud, expiresAt: new Date(claims.exp * 1000) };
}

/** `t=…, k=…`, each value a token or a quoted string (RFC 7235 auth-params). */
function authParameters(text: string): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const part of text.split(',')) {
    const match = /^\s*([A-Za-z]+)\s*=\s*(?:"([^"]*)"|([^\s"]+))\s*$/.exec(part);
    if (!match) throw new VapidError(`the vapid authorization parameter ${JSON.stringify(part.trim())} is malformed`);
    parameters.set((match[1] ?? '').toLowerCase(), match[2] ?? match[3] ?? '');
  }
  return parameters;
}

function p256PublicKey(key: string): KeyObject {
  if (!BASE64URL.test(key)) throw new VapidError('the k key is not base64url');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new VapidError('the k key is not an uncompressed P-256 point (65 octets starting with 4)');
  try {
    return createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw new VapidError('the k key is not a point on P-256');
  }
}

function jsonPart(encoded: string, what: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new VapidError(`the token's ${what} is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new VapidError(`the token's ${what} is not a JSON object`);
  return parsed as Record<string, unknown>;
}
