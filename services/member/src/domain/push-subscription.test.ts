import { createECDH, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemberError } from './member-error.js';
import { DEVICE_NAME_MAX_LENGTH, PUSH_ENDPOINT_MAX_LENGTH, validateDeviceSubscription, validatePushEndpoint, type SubscriptionRules } from './push-subscription.js';

function browserKeys() {
  const userAgent = createECDH('prime256v1');
  userAgent.generateKeys();
  return { p256dh: userAgent.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const KEYS = browserKeys();
/**
 * A key in standard base64 with a '+' or '/' in it: without one (one key in about sixteen) the text is also padded
 * base64url, which is accepted.
 */
function standardBase64Key(): string {
  for (;;) {
    const standard = Buffer.from(browserKeys().p256dh, 'base64url').toString('base64');
    if (/[+/]/.test(standard)) return standard;
  }
}
const FCM_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/cKQ3ZzW4u3Y:APA91bH8x-Z2p_Q7kKMb4zG5Xj0oPq1rStUvWxYz';
const subscriptionWith = (overrides: { endpoint?: unknown; keys?: unknown } = {}) => ({ endpoint: FCM_ENDPOINT, expirationTime: null, keys: KEYS, ...overrides });

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(MemberError);
    expect((error as MemberError).code).toBe('MEMBER.INVALID_PUSH_SUBSCRIPTION');
    return (error as Error).message;
  }
  throw new Error('expected a refusal, but the input was accepted');
}

const endpointRefusal = (endpoint: unknown, rules?: SubscriptionRules) => refusal(() => validatePushEndpoint(endpoint, rules));

describe('validateDeviceSubscription', () => {
  it('keeps the endpoint, the keys and the trimmed device name of a browser subscription', () => {
    const device = validateDeviceSubscription({ subscription: subscriptionWith(), deviceName: '  Pixel 8\n(kitchen)  ' });

    expect(device).toEqual({ endpoint: FCM_ENDPOINT, keys: KEYS, deviceName: 'Pixel 8 (kitchen)' });
  });

  it.each([
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABmZ0dtXyZ_some-token_value',
    'https://web.push.apple.com/QGcCLJuXu2wV6RxT8HdZSw5bqH2Kc7jdhLz8sUnMRPw',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bAbc%2fdef%3d',
  ])('accepts the endpoint of a real push service: %s', (endpoint) => {
    expect(validateDeviceSubscription({ subscription: subscriptionWith({ endpoint }), deviceName: 'Phone' }).endpoint).toBe(endpoint);
  });

  it('accepts keys with base64 padding and keeps them unpadded', () => {
    const padded = { p256dh: `${KEYS.p256dh}=`, auth: `${KEYS.auth}==` };

    expect(validateDeviceSubscription({ subscription: subscriptionWith({ keys: padded }), deviceName: 'Phone' }).keys).toEqual(KEYS);
  });

  it.each([
    ['no subscription', null, /must be an object/],
    ['an array', [FCM_ENDPOINT], /must be an object/],
    ['no keys', { endpoint: FCM_ENDPOINT }, /no keys object/],
    ['no p256dh', subscriptionWith({ keys: { auth: KEYS.auth } }), /keys\.p256dh is missing/],
    ['no auth', subscriptionWith({ keys: { p256dh: KEYS.p256dh } }), /keys\.auth is missing/],
    ['a compressed p256dh', subscriptionWith({ keys: { ...KEYS, p256dh: randomBytes(33).toString('base64url') } }), /65 octets/],
    ['a p256dh in standard base64', subscriptionWith({ keys: { ...KEYS, p256dh: standardBase64Key() } }), /base64url/],
    ['a p256dh that is no point of P-256', subscriptionWith({ keys: { ...KEYS, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString('base64url') } }), /not an uncompressed P-256 public key/],
    ['a p256dh not starting with 4', subscriptionWith({ keys: { ...KEYS, p256dh: Buffer.concat([Buffer.from([3]), Buffer.from(KEYS.p256dh, 'base64url').subarray(1)]).toString('base64url') } }), /not an uncompressed/],
    ['a 15-octet auth', subscriptionWith({ keys: { ...KEYS, auth: randomBytes(15).toString('base64url') } }), /keys\.auth must be base64url of 16 octets/],
    ['a 17-octet auth', subscriptionWith({ keys: { ...KEYS, auth: randomBytes(17).toString('base64url') } }), /keys\.auth must be base64url of 16 octets/],
    ['an auth with stray bits in its last character', subscriptionWith({ keys: { ...KEYS, auth: `${'A'.repeat(21)}B` } }), /keys\.auth must be base64url of 16 octets/],
    ['a p256dh as long as an endpoint', subscriptionWith({ keys: { ...KEYS, p256dh: 'A'.repeat(5000) } }), /keys\.p256dh must be base64url/],
  ])('refuses a subscription with %s', (_name, subscription, message) => {
    expect(refusal(() => validateDeviceSubscription({ subscription, deviceName: 'Phone' }))).toMatch(message);
  });

  it('refuses a point of P-256 with one bit of y flipped', () => {
    const point = Buffer.from(KEYS.p256dh, 'base64url');
    point[64]! ^= 0x01;

    expect(refusal(() => validateDeviceSubscription({ subscription: subscriptionWith({ keys: { ...KEYS, p256dh: point.toString('base64url') } }), deviceName: 'Phone' }))).toMatch(
      /not an uncompressed P-256 public key/,
    );
  });

  it('accepts every key pair a browser can make', () => {
    fc.assert(
      fc.property(fc.integer(), () => {
        const keys = browserKeys();
        expect(validateDeviceSubscription({ subscription: subscriptionWith({ keys }), deviceName: 'Phone' }).keys).toEqual(keys);
      }),
      { numRuns: 50 },
    );
  });
});

describe('validatePushEndpoint in production', () => {
  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', /must be an https URL/],
    ['wss://fcm.googleapis.com/fcm/send/abc', /must be an https URL/],
    ['https://127.0.0.1/push/abc', /127\.0\.0\.1 is a loopback IP address/],
    ['https://127.1/push/abc', /127\.0\.0\.1 is a loopback IP address/],
    ['https://2130706433/push/abc', /127\.0\.0\.1 is a loopback IP address/],
    ['https://0x7f.0.0.1/push/abc', /127\.0\.0\.1 is a loopback IP address/],
    ['https://10.1.2.3/push/abc', /10\.1\.2\.3 is a private IP address/],
    ['https://172.16.0.9/push/abc', /private IP address/],
    ['https://172.31.255.255/push/abc', /private IP address/],
    ['https://192.168.1.20/push/abc', /private IP address/],
    ['https://169.254.169.254/latest/meta-data', /link-local IP address/],
    ['https://0.0.0.0/push/abc', /unspecified IP address/],
    ['https://100.64.0.1/push/abc', /shared IP address/],
    ['https://224.0.0.1/push/abc', /multicast IP address/],
    ['https://[::1]/push/abc', /\[::1\] is a loopback IP address/],
    ['https://[fe80::1]/push/abc', /link-local IP address/],
    ['https://[fd12:3456::1]/push/abc', /private IP address/],
    ['https://[::ffff:127.0.0.1]/push/abc', /loopback IP address/],
    ['https://[::ffff:10.0.0.1]/push/abc', /private IP address/],
    ['https://[::]/push/abc', /unspecified IP address/],
    ['https://8.8.8.8/push/abc', /is an IP address; a push service is reached by its domain name/],
    ['https://[2001:4860:4860::8888]/push/abc', /is an IP address/],
    ['https://localhost/push/abc', /localhost, not a public push service/],
    ['https://LOCALHOST:8443/push/abc', /localhost, not a public push service/],
    ['https://localhost./push/abc', /must not end with a dot/],
    ['https://fcm.googleapis.com./fcm/send/abc', /must not end with a dot/],
    ['https://push.localhost/push/abc', /under \.localhost/],
    ['https://printer.local/push/abc', /under \.local/],
    ['https://metadata.google.internal/computeMetadata', /under \.internal/],
    ['https://router.home.arpa/push', /under \.home\.arpa/],
    ['https://pushservice/push/abc', /has no dot/],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', /port 443, not 8443/],
    ['https://fcm.googleapis.com:80/fcm/send/abc', /port 443, not 80/],
    ['https://user:secret@fcm.googleapis.com/fcm/send/abc', /user name or password/],
    ['https://fcm.googleapis.com/fcm/send/a b', /only URL characters/],
    ['https://fcm.googleapis.com\\@127.0.0.1/x', /only URL characters/],
    ['https://fcm.googleapis.com/fcm/send/\nabc', /only URL characters/],
    ['https://fcm.googleapis.com/fcm/send/ä', /only URL characters/],
    ['https://[::1/x', /not a URL/],
    ['/push/abc', /not a URL/],
    ['', /missing/],
    [42, /missing/],
    [`https://fcm.googleapis.com/${'a'.repeat(PUSH_ENDPOINT_MAX_LENGTH)}`, /longer than 1000 characters/],
  ])('refuses %s', (endpoint, message) => {
    expect(endpointRefusal(endpoint)).toMatch(message);
  });

  it('accepts an endpoint of exactly 1000 characters and the explicit default port', () => {
    const prefix = 'https://fcm.googleapis.com/fcm/send/';
    const longest = prefix + 'a'.repeat(PUSH_ENDPOINT_MAX_LENGTH - prefix.length);

    expect(validatePushEndpoint(longest)).toBe(longest);
    expect(validatePushEndpoint('https://fcm.googleapis.com:443/fcm/send/abc')).toBe('https://fcm.googleapis.com/fcm/send/abc');
  });
});

describe('validatePushEndpoint with loopback allowed (the local push service of the tests)', () => {
  const rules = { allowLoopback: true };

  it.each(['https://127.0.0.1:8443/push/abc', 'https://[::1]:9000/push/abc', 'https://localhost:4443/push/abc', 'https://fcm.googleapis.com/fcm/send/abc'])(
    'accepts %s',
    (endpoint) => {
      expect(validatePushEndpoint(endpoint, rules)).toBe(endpoint);
    },
  );

  it.each([
    ['http://127.0.0.1:8443/push/abc', /https/],
    ['https://10.0.0.1:8443/push/abc', /private IP address/],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', /port 443/],
    ['https://printer.local/push', /under \.local/],
  ])('still refuses %s', (endpoint, message) => {
    expect(endpointRefusal(endpoint, rules)).toMatch(message);
  });
});

describe('validatePushEndpoint, fuzzed', () => {
  const privateIpv4 = fc.oneof(
    fc.tuple(fc.constant(10), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(127), fc.nat(255), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(192), fc.constant(168), fc.nat(255), fc.nat(255)),
    fc.tuple(fc.constant(169), fc.constant(254), fc.nat(255), fc.nat(255)),
  );
  /** The same address the ways a URL parser reads it: dotted, one 32-bit number, hexadecimal parts, IPv4-mapped IPv6. */
  const spelled = ([a, b, c, d]: [number, number, number, number], spelling: number) => {
    const value = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    switch (spelling) {
      case 0:
        return `${a}.${b}.${c}.${d}`;
      case 1:
        return String(value);
      case 2:
        return [a, b, c, d].map((part) => `0x${part.toString(16)}`).join('.');
      default:
        return `[::ffff:${a}.${b}.${c}.${d}]`;
    }
  };

  it('refuses every private, loopback and link-local address however it is written, on any port and path', () => {
    fc.assert(
      fc.property(privateIpv4, fc.nat(3), fc.option(fc.integer({ min: 1, max: 65535 })), fc.stringMatching(/^(\/[A-Za-z0-9_-]{0,12}){0,3}$/), (address, spelling, port, path) => {
        const endpoint = `https://${spelled(address, spelling)}${port === null ? '' : `:${port}`}${path}`;
        expect(endpointRefusal(endpoint)).toMatch(/IP address/);
      }),
    );
  });

  it('either refuses with a MemberError or returns a public https URL of at most 1000 characters', () => {
    const candidates = fc.oneof(
      fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true, withFragments: true }),
      fc.string({ maxLength: 1200 }),
      fc.string({ unit: 'binary', maxLength: 200 }).map((tail) => `https://fcm.googleapis.com/${tail}`),
      fc.anything(),
    );
    fc.assert(
      fc.property(candidates, (candidate) => {
        let endpoint: string;
        try {
          endpoint = validatePushEndpoint(candidate);
        } catch (error) {
          expect(error).toBeInstanceOf(MemberError);
          return;
        }
        const url = new URL(endpoint);
        expect(url.protocol).toBe('https:');
        expect(url.port).toBe('');
        expect(url.hostname).toContain('.');
        expect(url.hostname).not.toMatch(/^\d+\.\d+\.\d+\.\d+$|^\[/);
        expect(endpoint.length).toBeLessThanOrEqual(PUSH_ENDPOINT_MAX_LENGTH);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws anything but a MemberError, whatever JSON a client sends', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (subscription, deviceName) => {
        try {
          validateDeviceSubscription({ subscription, deviceName });
        } catch (error) {
          expect(error).toBeInstanceOf(MemberError);
        }
      }),
    );
  });
});

describe('device names', () => {
  const named = (deviceName: unknown) => validateDeviceSubscription({ subscription: subscriptionWith(), deviceName }).deviceName;

  it('keeps a name of 60 characters, counting an emoji as one', () => {
    expect(named('🐝'.repeat(DEVICE_NAME_MAX_LENGTH))).toBe('🐝'.repeat(60));
  });

  it.each([
    ['a name of 61 characters', 'a'.repeat(61), /longer than 60 characters/],
    ['an empty name', '', /device name is missing/],
    ['a name of spaces', ' \t\n ', /device name is missing/],
    ['no name', undefined, /device name is missing/],
    ['a number', 7, /device name is missing/],
    ['a NUL character', 'Pixel\u0000', /control characters/],
    ['a right-to-left override', 'Pixel \u202Egnp.exe', /control characters/],
    ['a lone surrogate', 'Pixel \uD800', /control characters/],
  ])('refuses %s', (_name, deviceName, message) => {
    expect(refusal(() => named(deviceName))).toMatch(message);
  });

  it('returns only trimmed names of at most 60 characters without control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (deviceName) => {
        let name: string;
        try {
          name = named(deviceName);
        } catch (error) {
          expect(error).toBeInstanceOf(MemberError);
          return;
        }
        expect(name).toBe(name.trim());
        expect(name).not.toBe('');
        expect([...name].length).toBeLessThanOrEqual(DEVICE_NAME_MAX_LENGTH);
        expect(name).not.toMatch(/[\p{Cc}\p{Cs}]/u);
      }),
      { numRuns: 500 },
    );
  });
});
