import { MemberError } from './member-error.js';

/**
 * A browser's push subscription as a member's device sends it (`PushSubscription.toJSON()` and a name for the
 * device), checked before it is kept. The endpoint is a URL the service will POST to, so it is hostile input: in
 * production it must name a public push service over https on port 443 (refusing IP literals, localhost, single-label
 * and local-only names), else a member could point the notification service at its own network.
 */
export type PushSubscriptionKeys = {
  /** The browser's P-256 public key: base64url of the 65-octet uncompressed point. */
  p256dh: string;
  /** The 16-octet auth secret, base64url. */
  auth: string;
};

/** Where a push message goes and the keys it is encrypted for. */
export type PushSubscription = { endpoint: string; keys: PushSubscriptionKeys };

export type DeviceSubscription = PushSubscription & { deviceName: string };

export type SubscriptionRules = {
  /**
   * Accepts a loopback endpoint (127.0.0.0/8, [::1], localhost) on any port, for the local push service of the
   * tests and development. Never in production.
   */
  allowLoopback?: boolean;
};

export const PUSH_ENDPOINT_MAX_LENGTH = 1000;
export const DEVICE_NAME_MAX_LENGTH = 60;
const P256DH_OCTETS = 65;
const AUTH_SECRET_OCTETS = 16;

/** The characters a URI may hold (RFC 3986): no spaces, quotes, backslashes or non-ASCII, which URL parsers disagree on. */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** Names under these suffixes never reach a public push service (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal). */
const NON_PUBLIC_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'lan', 'test', 'invalid', 'example', 'onion'];

export function validateDeviceSubscription(input: { subscription: unknown; deviceName: unknown }, rules: SubscriptionRules = {}): DeviceSubscription {
  const subscription = input.subscription;
  if (!isRecord(subscription)) invalid('the subscription must be an object with an endpoint and keys');
  const endpoint = validatePushEndpoint(subscription.endpoint, rules);
  const keys = subscription.keys;
  if (!isRecord(keys)) invalid('the subscription has no keys object (p256dh and auth)');
  return {
    endpoint,
    keys: { p256dh: validateP256dh(keys.p256dh), auth: validateAuthSecret(keys.auth) },
    deviceName: validateDeviceName(input.deviceName),
  };
}

/** The endpoint, normalised by the URL parser, or MEMBER.INVALID_PUSH_SUBSCRIPTION saying what is wrong with it. */
export function validatePushEndpoint(value: unknown, rules: SubscriptionRules = {}): string {
  if (typeof value !== 'string' || value === '') invalid('the endpoint is missing');
  if (value.length > PUSH_ENDPOINT_MAX_LENGTH) invalid(`the endpoint is longer than ${PUSH_ENDPOINT_MAX_LENGTH} characters`);
  if (!URI_CHARACTERS.test(value)) invalid('the endpoint may hold only URL characters (no spaces, quotes, backslashes or non-ASCII)');
  if (!URL.canParse(value)) invalid('the endpoint is not a URL');
  const url = new URL(value);
  if (url.protocol !== 'https:') invalid('the endpoint must be an https URL');
  if (url.username !== '' || url.password !== '') invalid('the endpoint must not carry a user name or password');
  const host = url.hostname;
  const loopback = isLoopbackHost(host);
  if (!(loopback && rules.allowLoopback)) {
    if (host === 'localhost') invalid("the endpoint's host is localhost, not a public push service");
    const ipKind = ipLiteralKind(host);
    if (ipKind !== undefined) {
      invalid(
        ipKind === 'public'
          ? `the endpoint's host ${host} is an IP address; a push service is reached by its domain name`
          : `the endpoint's host ${host} is a ${ipKind} IP address, not a public push service`,
      );
    }
    if (host.endsWith('.')) invalid(`the endpoint's host ${host} must not end with a dot`);
    if (!host.includes('.')) invalid(`the endpoint's host ${host} is not a public domain name (it has no dot)`);
    const suffix = NON_PUBLIC_SUFFIXES.find((name) => host === name || host.endsWith(`.${name}`));
    if (suffix !== undefined) invalid(`the endpoint's host ${host} is under .${suffix}, which is not a public domain`);
    // The URL parser drops the default port, so any port left is not 443.
    if (url.port !== '') invalid(`the endpoint must use the https port 443, not ${url.port}`);
  }
  if (url.href.length > PUSH_ENDPOINT_MAX_LENGTH) invalid(`the endpoint is longer than ${PUSH_ENDPOINT_MAX_LENGTH} characters`);
  return url.href;
}

function validateP256dh(value: unknown): string {
  const octets = base64url(value, 'keys.p256dh', P256DH_OCTETS);
  if (octets[0] !== 0x04 || !isOnP256(octets)) invalid('keys.p256dh is not an uncompressed P-256 public key');
  return octets.toString('base64url');
}

function validateAuthSecret(value: unknown): string {
  return base64url(value, 'keys.auth', AUTH_SECRET_OCTETS).toString('base64url');
}

/** Decodes base64url of exactly `length` octets (padding tolerated, non-canonical encodings refused). */
function base64url(value: unknown, field: string, length: number): Buffer {
  if (typeof value !== 'string' || value === '') invalid(`${field} is missing`);
  const unpadded = value.replace(/=+$/, '');
  const expectedCharacters = Math.ceil((length * 4) / 3);
  if (unpadded.length !== expectedCharacters || !BASE64URL.test(value)) {
    invalid(`${field} must be base64url of ${length} octets (${expectedCharacters} characters)`);
  }
  const octets = Buffer.from(unpadded, 'base64url');
  if (octets.length !== length || octets.toString('base64url') !== unpadded) invalid(`${field} must be base64url of ${length} octets`);
  return octets;
}

export function validateDeviceName(value: unknown): string {
  if (typeof value !== 'string') invalid('the device name is missing');
  const name = value.replace(/\s+/g, ' ').trim();
  if (name === '') invalid('the device name is missing');
  // Other control characters, bidirectional overrides (which can disguise a name) and lone surrogates.
  if (/[\p{Cc}\u202A-\u202E\u2066-\u2069\p{Cs}]/u.test(name)) invalid('the device name holds control characters');
  if ([...name].length > DEVICE_NAME_MAX_LENGTH) invalid(`the device name is longer than ${DEVICE_NAME_MAX_LENGTH} characters`);
  return name;
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

type IpKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'shared' | 'reserved' | 'multicast' | 'public';

/** What kind of IP literal the URL's hostname is (IPv4 already in dotted form, IPv6 in brackets), if it is one. */
function ipLiteralKind(host: string): IpKind | undefined {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return ipv4Kind(host.split('.').map(Number));
  if (host.startsWith('[')) return ipv6Kind(host.slice(1, -1));
  return undefined;
}

function ipv4Kind([a = 0, b = 0]: number[]): IpKind {
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return 'public';
}

function ipv6Kind(address: string): IpKind {
  const groups = ipv6Groups(address);
  const [first = 0] = groups;
  if (groups.every((group) => group === 0)) return 'unspecified';
  if (groups.slice(0, 7).every((group) => group === 0) && groups[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address decides.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return ipv4Kind([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  if ((first & 0xfe00) === 0xfc00) return 'private';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (compressed, no IPv4 tail). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const before = parse(head);
  const after = tail === undefined ? [] : parse(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** P-256 (secp256r1): y² = x³ − 3x + b over the prime p. A key off the curve makes every encryption to it fail. */
const P256_PRIME = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function isOnP256(point: Buffer): boolean {
  const x = BigInt(`0x${point.subarray(1, 33).toString('hex')}`);
  const y = BigInt(`0x${point.subarray(33, 65).toString('hex')}`);
  if (x >= P256_PRIME || y >= P256_PRIME) return false;
  const modulo = (value: bigint) => ((value % P256_PRIME) + P256_PRIME) % P256_PRIME;
  return modulo(y * y) === modulo(x * x * x - 3n * x + P256_B);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(message: string): never {
  throw new MemberError('MEMBER.INVALID_PUSH_SUBSCRIPTION', message);
}
