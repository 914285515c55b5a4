import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOCATION_BODY_LENGTH,
  locationPushPayload,
  alertPushBodyOf,
  alertPushPayload,
  encryptedPushOctets,
  PUSH_LIMITS,
  PUSH_MESSAGE_MAX_OCTETS,
  PUSH_PAYLOAD_MAX_OCTETS,
  pushPayloadOctets,
  type AlertPushInput,
} from './push-payload.js';
import { alertEmail } from './alert-email.js';

const input = (overrides: Partial<AlertPushInput> = {}): AlertPushInput => ({
  reportId: 'r-6f1c2a',
  claimCode: '04217',
  size: 'Basketball',
  elevationFeet: 12,
  distanceMiles: 2.345,
  town: 'Springfield',
  thumbnailUrl: 'https://swarm-alert.example/api/reports/r-6f1c2a/thumbnail',
  claimToken: 'v1.r-6f1c2a.m-77.Zm9vYmFy',
  claimUrl: 'https://swarm-alert.example/api/push/claim',
  ...overrides,
});

/** The longest value of each field, in the characters that cost the most octets of JSON. */
const longestInput = (): AlertPushInput => ({
  reportId: 'r'.repeat(PUSH_LIMITS.reportIdLength),
  claimCode: '99999',
  // Four octets of UTF-8 each.
  size: '🐝'.repeat(PUSH_LIMITS.sizeLength),
  elevationFeet: Number.MAX_VALUE,
  distanceMiles: 123456789.123,
  town: '𝕊'.repeat(PUSH_LIMITS.townLength),
  thumbnailUrl: `https://${'t'.repeat(PUSH_LIMITS.urlLength - 8)}`,
  claimToken: 'k'.repeat(PUSH_LIMITS.claimTokenLength),
  claimUrl: `https://${'c'.repeat(PUSH_LIMITS.urlLength - 8)}`,
  wider: true,
});

describe('alertPushPayload', () => {
  it('says size, height, distance and town, with the claim code, the thumbnail, the two actions and a tag per report', () => {
    expect(alertPushPayload(input())).toEqual({
      type: 'swarm-alert',
      title: 'Swarm Alert',
      body: 'Basketball swarm, 12 ft up, 2.3 mi from home, in Springfield. Claim code 04217',
      image: 'https://swarm-alert.example/api/reports/r-6f1c2a/thumbnail',
      tag: 'swarm-report-r-6f1c2a',
      claimCode: '04217',
      claimToken: 'v1.r-6f1c2a.m-77.Zm9vYmFy',
      claimUrl: 'https://swarm-alert.example/api/push/claim',
      actions: [
        { action: 'claim', title: 'Claim' },
        { action: 'not-now', title: 'Not now' },
      ],
    });
  });

  it("says when the reporter speaks Spanish, in the notification and in the alert email", () => {
    const facts = { size: 'Softball', elevationFeet: 8, distanceMiles: 2, town: 'Salem, OR', claimCode: '04217' };
    expect(alertPushBodyOf({ ...facts, reporterLanguage: 'es' })).toBe('Softball swarm, 8 ft up, 2.0 mi from home, in Salem, OR. Reporter speaks Spanish. Claim code 04217');
    expect(alertPushBodyOf({ ...facts, reporterLanguage: 'en' })).toBe('Softball swarm, 8 ft up, 2.0 mi from home, in Salem, OR. Claim code 04217');
    const email = alertEmail({ ...facts, claimPageUrl: 'https://swarm.example/claim/t', thumbnailUrl: '', reporterLanguage: 'es' });
    expect(email.subject).toContain('Reporter speaks Spanish.');
    expect(email.text).toContain('Reporter speaks Spanish.');
  });

  it('says so when it is the wider alert, and leaves the town out when there is none', () => {
    const payload = alertPushPayload(input({ wider: true, town: '  ' }));

    expect(payload.title).toBe('Swarm Alert, wider alert (still unclaimed)');
    expect(payload.body).toBe('Basketball swarm, 12 ft up, 2.3 mi from home. Claim code 04217');
  });

  it('never carries the street, even when handed a whole report', () => {
    const report = { ...input(), street: '1428 Elm Street', address: '1428 Elm Street, Springfield', reporterPhone: '5035550100' };

    const json = JSON.stringify(alertPushPayload(report));

    expect(json).not.toContain('Elm');
    expect(json).not.toContain('5035550100');
  });

  it('accepts site paths for the thumbnail and the claim', () => {
    const payload = alertPushPayload(input({ thumbnailUrl: '/api/reports/r-6f1c2a/thumbnail', claimUrl: '/api/push/claim' }));

    expect([payload.image, payload.claimUrl]).toEqual(['/api/reports/r-6f1c2a/thumbnail', '/api/push/claim']);
  });

  it('cleans the town of control and direction characters, and cuts it at 60 characters without splitting an emoji', () => {
    expect(alertPushPayload(input({ town: 'Spring\u202Efield\u0000\n  Heights' })).body).toContain(', in Spring field Heights.');
    const long = alertPushPayload(input({ town: `${'a'.repeat(59)}🐝🐝🐝` }));
    expect(long.body).toContain(`, in ${'a'.repeat(59)}🐝.`);
  });

  it.each([
    ['a report id with a slash', { reportId: 'r/1' }],
    ['a report id over 64 characters', { reportId: 'r'.repeat(65) }],
    ['a claim code of four digits', { claimCode: '1234' }],
    ['a claim token with a quote', { claimToken: 'abc"def' }],
    ['a claim token over 512 characters', { claimToken: 'k'.repeat(513) }],
    ['a thumbnail URL over 512 characters', { thumbnailUrl: `https://${'t'.repeat(505)}` }],
    ['a javascript: claim URL', { claimUrl: 'javascript:alert(1)' }],
    ['a protocol-relative claim URL', { claimUrl: '//evil.example/claim' }],
    ['a claim URL with a space', { claimUrl: 'https://swarm-alert.example/api/push claim' }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => alertPushPayload(input(overrides))).toThrow(RangeError);
  });
});

describe('the size of an alert push message', () => {
  it('leaves 3993 octets of JSON in the 4096 a push service must accept', () => {
    expect(PUSH_PAYLOAD_MAX_OCTETS).toBe(3993);
    const payload = alertPushPayload(input());
    expect(encryptedPushOctets(payload)).toBe(pushPayloadOctets(payload) + 103);
  });

  it('stays within 4096 octets encrypted with the longest value of every field', () => {
    const payload = alertPushPayload(longestInput());

    expect(encryptedPushOctets(payload)).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_OCTETS);
    // The limits leave room for the fields a later payload may add.
    expect(encryptedPushOctets(payload)).toBeLessThan(3000);
  });

  it('stays within 4096 octets encrypted for any values the limits allow, and is plain JSON', () => {
    const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength: maxLength * 3 });
    const urlCharacter = fc.constantFrom(...'abcXYZ019-._~:/?#[]@!$&\'()*+,;=%'.split(''));
    const url = fc
      .tuple(fc.constantFrom('https://', 'http://', '/'), fc.string({ unit: urlCharacter, minLength: 1, maxLength: PUSH_LIMITS.urlLength - 8 }))
      .map(([start, rest]) => (start === '/' ? `/${rest.replace(/^\/+/, '')}` : `${start}a${rest}`).slice(0, PUSH_LIMITS.urlLength));
    const inputs = fc.record({
      reportId: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      claimCode: fc.stringMatching(/^\d{5}$/),
      size: text(PUSH_LIMITS.sizeLength),
      elevationFeet: fc.double(),
      distanceMiles: fc.double(),
      town: text(PUSH_LIMITS.townLength),
      thumbnailUrl: url,
      claimToken: fc.stringMatching(/^[A-Za-z0-9._~-]{1,256}$/),
      claimUrl: url,
      wider: fc.boolean(),
    });
    fc.assert(
      fc.property(inputs, (values) => {
        const payload = alertPushPayload(values);
        expect(encryptedPushOctets(payload)).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_OCTETS);
        expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
        expect(payload.body).not.toMatch(/[\p{Cc}\p{Cs}]/u);
      }),
      { numRuns: 300 },
    );
  });
});

describe('locationPushPayload', () => {
  it('says the swarm is the claimer’s with the place and reporter, in the alert’s place, and opens the map', () => {
    expect(locationPushPayload({ reportId: 'r1', claimCode: '04217', body: 'Address: 1 Hive Way. Reporter: Jo 503-555-0100', mapUrl: 'https://maps.google.com/?q=1%20Hive%20Way' })).toEqual({
      type: 'swarm-location',
      title: 'Swarm 04217 is yours',
      body: 'Address: 1 Hive Way. Reporter: Jo 503-555-0100',
      tag: 'swarm-report-r1',
      url: 'https://maps.google.com/?q=1%20Hive%20Way',
    });
  });

  it('fits one push message with any address and name, leaving out a map link that is no short URL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3000 }), fc.string({ maxLength: 2000 }), (body, mapUrl) => {
        const payload = locationPushPayload({ reportId: 'r'.repeat(PUSH_LIMITS.reportIdLength), claimCode: '00000', body, mapUrl });
        expect(encryptedPushOctets(payload)).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_OCTETS);
        expect([...payload.body].length).toBeLessThanOrEqual(LOCATION_BODY_LENGTH);
        if (payload.url !== undefined) expect(payload.url.length).toBeLessThanOrEqual(PUSH_LIMITS.urlLength);
      }),
    );
  });
});
