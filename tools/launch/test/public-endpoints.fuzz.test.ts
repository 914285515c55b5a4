import { randomUUID } from 'node:crypto';
import { twilioSignature, type Feedback, type FeedbackSink } from '@swarm/gateway';
import { waitUntil } from '@swarm/testing';
import fc from 'fast-check';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';

/**
 * Property-based fuzzing of every public endpoint of the whole product (the embedded mode: the real gateway and the
 * four real services). Each property generates inputs that are invalid by construction and checks that the answer
 * is a 4xx (or the redirect of a failed login), never a 2xx nor a 5xx, and that nothing was stored or sent because of
 * it. A beekeeper who covers the reports' place and is available right now makes any stored report visible at once
 * as an alert SMS; a valid report at the end proves that path is live.
 */

const RUNS = 300;
const AUTH_TOKEN = 'fuzz-twilio-auth-token';
const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501, address: '9 Hive Road, Springfield, IL, USA' };
const SIZES = ['Softball', 'Basketball', 'Very Large'];

class RecordingFeedbackSink implements FeedbackSink {
  readonly received: Feedback[] = [];
  async submit(feedback: Feedback): Promise<void> {
    this.received.push(feedback);
  }
}

type Answer = { status: number; body: string; location: string | null; setCookie: string[] };
const statuses = new Map<string, number[]>();

let product: EmbeddedProduct;
let base = '';
const feedback = new RecordingFeedbackSink();

async function call(endpoint: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  const answer = { status: response.status, body: await response.text(), location: response.headers.get('location'), setCookie: response.headers.getSetCookie() };
  statuses.set(endpoint, [...(statuses.get(endpoint) ?? []), answer.status]);
  return answer;
}

function expectRefused(answer: Answer): void {
  expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
  expect(answer.status, answer.body).toBeLessThan(500);
  const parsed = JSON.parse(answer.body) as Record<string, unknown>;
  expect(typeof parsed.message).toBe('string');
}

async function smsCount(): Promise<number> {
  return (await product.clients.notification.listDevOutboxSms({})).messages.length;
}

/** Any string, including control characters, astral symbols and lone surrogates. */
const anyText = (maxLength = 40) => fc.string({ unit: 'binary', maxLength });
const blank = fc.constantFrom('', ' ', '\t', ' \n ');

// --- POST /api/report ---------------------------------------------------------------------------------------------

type ReportParts = { fields: [string, string][]; files: [string, Uint8Array, string][] };

function validReport(): ReportParts {
  return {
    fields: [
      ['reporterName', 'Ada'],
      ['reporterPhone', '5551234567'],
      ['size', 'Basketball'],
      ['elevation', '12'],
      ['address', `${Math.floor(Math.random() * 90_000) + 100} Fuzz Street, Springfield, IL, USA`],
      ['recaptchaToken', 'dev-token'],
      ['idempotencyId', randomUUID()],
    ],
    files: [],
  };
}

const set = (parts: ReportParts, name: string, value: string): ReportParts => ({
  ...parts,
  fields: [...parts.fields.filter(([field]) => field !== name), [name, value]],
});

const REQUIRED = ['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, index) => bytes[index] === byte);

/** One way to make a report invalid; a run applies one to three of them. */
const reportBreakage: fc.Arbitrary<(parts: ReportParts) => ReportParts> = fc.oneof(
  fc.constantFrom(...REQUIRED).map((name) => (parts: ReportParts): ReportParts => ({ ...parts, fields: parts.fields.filter(([field]) => field !== name) })),
  fc.tuple(fc.constantFrom(...REQUIRED), blank).map(([name, value]) => (parts: ReportParts) => set(parts, name, value)),
  fc.integer({ min: 256, max: 2_000 }).map((length) => (parts: ReportParts) => set(parts, 'reporterName', 'n'.repeat(length))),
  anyText().filter((value) => !/^\d{10}$/.test(value.trim())).map((value) => (parts: ReportParts) => set(parts, 'reporterPhone', value)),
  anyText().filter((value) => !SIZES.includes(value.trim())).map((value) => (parts: ReportParts) => set(parts, 'size', value)),
  fc
    .oneof(anyText(), fc.double().map(String), fc.integer({ min: 51, max: 1e9 }).map(String), fc.integer({ min: -1e9, max: -1 }).map(String))
    .filter((value) => !(/^\d+(\.\d+)?$/.test(value.trim()) && Number(value) <= 50))
    .map((value) => (parts: ReportParts) => set(parts, 'elevation', value)),
  fc.integer({ min: 501, max: 3_000 }).map((length) => (parts: ReportParts) => set(parts, 'address', `${'a'.repeat(length)}, Springfield, IL, USA`)),
  // No letters: it cannot name any place the gazetteer knows.
  fc.stringMatching(/^[0-9 #,.-]{1,40}$/).filter((value) => value.trim() !== '').map((value) => (parts: ReportParts) => set(parts, 'address', value)),
  fc.integer({ min: 101, max: 1_000 }).map((length) => (parts: ReportParts) => set(parts, 'idempotencyId', 'i'.repeat(length))),
  fc.integer({ min: 1_001, max: 5_000 }).map((length) => (parts: ReportParts) => set(parts, 'internalNote', 'x'.repeat(length))),
  fc.integer({ min: 4_097, max: 6_000 }).map((length) => (parts: ReportParts) => set(parts, 'recaptchaToken', 't'.repeat(length))),
  fc
    .uint8Array({ minLength: 1, maxLength: 512 })
    .filter((bytes) => !startsWith(bytes, PNG_MAGIC) && !startsWith(bytes, JPEG_MAGIC) && !/^(GIF8|RIFF)/.test(Buffer.from(bytes).toString('latin1')))
    .map((bytes) => (parts: ReportParts): ReportParts => ({ ...parts, files: [['image', bytes, 'swarm.png']] })),
  fc
    .tuple(fc.constantFrom(PNG_MAGIC, JPEG_MAGIC), fc.uint8Array({ maxLength: 512 }))
    .map(([magic, rest]) => (parts: ReportParts): ReportParts => ({ ...parts, files: [['image', new Uint8Array([...magic, ...rest]), 'swarm.jpg']] })),
  fc.constant((parts: ReportParts): ReportParts => ({ ...parts, files: [['image', new Uint8Array(PNG_MAGIC), 'a.png'], ['image', new Uint8Array(PNG_MAGIC), 'b.png']] })),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((name) => (parts: ReportParts): ReportParts => ({ ...parts, fields: [...parts.fields, [name, 'x']] })),
  // A field sent twice, even after an earlier breakage removed it (one copy added back would be a valid form again).
  fc.constantFrom(...REQUIRED).map((name) => (parts: ReportParts): ReportParts => {
    const value = parts.fields.find(([field]) => field === name)?.[1] ?? 'x';
    return { ...parts, fields: [...parts.fields.filter(([field]) => field !== name), [name, value], [name, value]] };
  }),
);

function formOf(parts: ReportParts): FormData {
  const form = new FormData();
  for (const [name, value] of parts.fields) form.append(name, value);
  for (const [name, bytes, filename] of parts.files) form.append(name, new Blob([bytes]), filename);
  return form;
}

// --- the other endpoints ------------------------------------------------------------------------------------------

const validFeedback = () => ({ name: 'Ada', email: 'ada@example.org', message: 'The map is lovely', url: 'http://localhost/report', source: 'widget' });

const feedbackBreakage: fc.Arbitrary<(body: Record<string, unknown>) => unknown> = fc.oneof(
  fc.constantFrom<unknown>([], 42, 'text', null, true).map((value) => () => value),
  fc.constant((body: Record<string, unknown>) => ({ ...body, message: undefined })),
  blank.map((value) => (body: Record<string, unknown>) => ({ ...body, message: value })),
  fc.integer({ min: 5_001, max: 20_000 }).map((length) => (body: Record<string, unknown>) => ({ ...body, message: 'm'.repeat(length) })),
  fc.integer({ min: 256, max: 2_000 }).map((length) => (body: Record<string, unknown>) => ({ ...body, name: 'n'.repeat(length) })),
  anyText().filter((value) => value.trim() !== '' && !value.includes('@')).map((value) => (body: Record<string, unknown>) => ({ ...body, email: value })),
  fc.integer({ min: 2_049, max: 6_000 }).map((length) => (body: Record<string, unknown>) => ({ ...body, url: 'u'.repeat(length) })),
  fc.constant((body: Record<string, unknown>) => ({ ...body, url: undefined })),
  anyText().filter((value) => value !== 'widget').map((value) => (body: Record<string, unknown>) => ({ ...body, source: value })),
  fc.constantFrom<unknown>(1, [], {}, true).chain((value) => fc.constantFrom('message', 'name', 'email', 'url', 'source').map((field) => (body: Record<string, unknown>) => ({ ...body, [field]: value }))),
);

const loginRequest: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>([], 42, 'text', null, true),
  fc.record({ destination: blank, recaptchaToken: fc.constant('dev-token') }),
  fc.record({ destination: anyText().filter((value) => value.trim() !== '' && !value.includes('@')), recaptchaToken: fc.constant('dev-token') }),
  fc.record({ destination: fc.integer({ min: 321, max: 2_000 }).map((length) => `${'a'.repeat(length)}@example.org`), recaptchaToken: fc.constant('dev-token') }),
  fc.record({ destination: fc.constant('ada@example.org'), recaptchaToken: blank }),
  fc.record({ destination: fc.constant('ada@example.org') }),
  fc.record({ destination: fc.constantFrom<unknown>(1, [], {}, null), recaptchaToken: fc.constant('dev-token') }),
  fc.record({ destination: fc.constant('ada@example.org'), recaptchaToken: fc.constantFrom<unknown>(1, [], {}, 't'.repeat(4_097)) }),
);

const autocompleteQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  anyText().map((value) => `?other=${encodeURIComponent(value)}`),
  fc.integer({ min: 201, max: 3_000 }).map((length) => `?input=${'a'.repeat(length)}`),
  fc.tuple(anyText(), anyText()).map(([first, second]) => `?input=${encodeURIComponent(first)}&input=${encodeURIComponent(second)}`),
);

const reportIdPath: fc.Arbitrary<string> = fc.oneof(
  anyText(60).filter((value) => value !== '').map((value) => encodeURIComponent(value)),
  fc.uuid().map((id) => id.toUpperCase().replace(/-/g, '')),
  fc.uuid(),
  fc.constantFrom('..', '%2e%2e', '%00', 'null', '[]', '%E0%A4%A'),
);

/** A message id as the notification service accepts one (handle-inbound-sms.ts): 1 to 64 of A–Z a–z 0–9 _ -. */
const ACCEPTED_MESSAGE_SID = /^[A-Za-z0-9_-]{1,64}$/;

/** Form fields as a webhook could carry them, never with a MessageSid the notification service accepts. */
const smsParams: fc.Arbitrary<[string, string][]> = fc.oneof(
  fc.array(fc.tuple(anyText(20), anyText(60)), { maxLength: 12 }).filter((pairs) => !pairs.some(([name, value]) => name === 'MessageSid' && ACCEPTED_MESSAGE_SID.test(value))),
  fc.record({ From: fc.constant('+15551234567'), Body: anyText(), MessageSid: fc.oneof(anyText(40), fc.constant('S'.repeat(65))).filter((value) => !ACCEPTED_MESSAGE_SID.test(value)) }).map((record) => Object.entries(record)),
  fc.record({ From: fc.constant('+15551234567'), Body: fc.integer({ min: 1_601, max: 4_000 }).map((length) => 'b'.repeat(length)), MessageSid: fc.constant(`SM${'ab'.repeat(16)}`) }).map((record) => Object.entries(record)),
);

const callbackQuery: fc.Arbitrary<string> = fc.array(fc.tuple(fc.constantFrom('token', 'state', 'code', 'error', 'iss', anyText(8) as unknown as string), anyText(80)), { maxLength: 5 }).map((pairs) => {
  const params = new URLSearchParams();
  for (const [name, value] of pairs) params.append(name, value);
  const text = params.toString();
  return text ? `?${text}` : '';
});

/**
 * Claim tokens of a shape no token has (1 to 512 of A–Z a–z 0–9 . _ ~ -): the gateway refuses them before any service
 * is asked. Well-shaped forged tokens are the notification service's to refuse (INVALID_ARGUMENT, 404).
 */
const CLAIM_TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,512}$/;
const malformedClaimToken: fc.Arbitrary<string> = fc.oneof(
  anyText(60).filter((value) => value !== '' && !CLAIM_TOKEN_SHAPE.test(value)),
  fc.integer({ min: 513, max: 1_500 }).map((length) => 't'.repeat(length)),
);

const claimBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>([], 42, 'text', null, true, {}),
  malformedClaimToken.map((token) => ({ token })),
  fc.constantFrom<unknown>(1, [], {}, null, true).map((token) => ({ token })),
  anyText().map((value) => ({ claimToken: value })),
  fc.integer({ min: 2_100, max: 6_000 }).map((length) => ({ token: 't'.repeat(length) })),
);

// --- the run ------------------------------------------------------------------------------------------------------

describe('every public endpoint refuses generated bad input (fast-check, whole product)', () => {
  beforeAll(async () => {
    product = await startEmbedded({
      env: {
        PORT: '0',
        STATIC_DIR: '/nonexistent',
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        REPORTS_PER_HOUR_PER_CLIENT: '100000',
        FEEDBACK_PER_HOUR_PER_CLIENT: '100000',
        PLACE_SUGGESTIONS_PER_HOUR_PER_CLIENT: '100000',
        ALERT_CLAIMS_PER_HOUR_PER_CLIENT: '100000',
        MAGIC_LINK_LIMIT_PER_ADDRESS: '100000',
        MAGIC_LINK_LIMIT_PER_CLIENT: '100000',
      },
      loggerFor: (service) => pino({ level: 'silent', base: { service } }),
      feedback,
    });
    base = `http://127.0.0.1:${product.port}`;
    const { member, associationBilling: billing } = product.clients;
    const { member: beekeeper } = await member.ensureMember({ email: 'fuzz-beekeeper@example.org' });
    const memberId = beekeeper?.memberId ?? '';
    await member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber: '2175550100', address: SPRINGFIELD.address });
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
    const { association } = await billing.createAssociation({ companyName: 'Fuzz Beekeepers', donationUrl: '' });
    const companyId = association?.companyId ?? '';
    const { activationCode } = await billing.issueActivationCode({ companyId });
    await billing.joinAssociation({ memberId, activationCode });
    await billing.topUp({ companyId, amountCents: 100_000, topUpId: 'fuzz' });
  });
  afterAll(async () => {
    await product?.close();
    console.log(
      `Fuzzed statuses: ${[...statuses].map(([endpoint, seen]) => `${endpoint} ${seen.length} requests (${[...new Set(seen)].sort().join(', ')})`).join('; ')}`,
    );
  });

  it('POST /api/report: a form with at least one broken rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(reportBreakage, { minLength: 1, maxLength: 3 }), async (breakages) => {
        const parts = breakages.reduce((report, breakage) => breakage(report), validReport());
        expectRefused(await call('POST /api/report', '/api/report', { method: 'POST', body: formOf(parts) }));
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/report: bodies that are not a multipart form', async () => {
    const contentType = fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=xyz', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/mixed; boundary=b');
    await fc.assert(
      fc.asyncProperty(contentType, fc.uint8Array({ maxLength: 2_048 }), async (type, bytes) => {
        expectRefused(await call('POST /api/report (raw)', '/api/report', { method: 'POST', headers: { 'content-type': type }, body: bytes }));
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/feedback', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(feedbackBreakage, { minLength: 1, maxLength: 3 }), async (breakages) => {
        const body = breakages.reduce<unknown>((current, breakage) => breakage(current as Record<string, unknown>), validFeedback());
        expectRefused(await call('POST /api/feedback', '/api/feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) ?? 'undefined' }));
      }),
      { numRuns: RUNS },
    );
    expect(feedback.received).toEqual([]);
  });

  it('POST /api/oauth/magic-login/member', async () => {
    await fc.assert(
      fc.asyncProperty(loginRequest, async (body) => {
        expectRefused(
          await call('POST /api/oauth/magic-login/member', '/api/oauth/magic-login/member', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        );
      }),
      { numRuns: RUNS },
    );
    expect(product.outbox.list()).toEqual([]);
  });

  it('GET /api/places/autocomplete', async () => {
    await fc.assert(
      fc.asyncProperty(autocompleteQuery, async (query) => {
        expectRefused(await call('GET /api/places/autocomplete', `/api/places/autocomplete${query}`));
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/report/{id}/associations', async () => {
    await fc.assert(
      fc.asyncProperty(reportIdPath, async (id) => {
        const answer = await call('GET /api/report/{id}/associations', `/api/report/${id}/associations`);
        expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
        expect(answer.status, answer.body).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/sms/inbound, validly signed, over garbage bodies', async () => {
    const webhookUrl = `${product.publicUrl}/api/sms/inbound`;
    await fc.assert(
      fc.asyncProperty(smsParams, async (pairs) => {
        const params = new URLSearchParams(pairs);
        const answer = await call('POST /api/sms/inbound', '/api/sms/inbound', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(AUTH_TOKEN, webhookUrl, params) },
          body: params.toString(),
        });
        expectRefused(answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('GET /api/alerts/claim/{token}: tokens of a shape no claim token has', async () => {
    await fc.assert(
      fc.asyncProperty(malformedClaimToken, async (token) => {
        const answer = await call('GET /api/alerts/claim/{token}', `/api/alerts/claim/${encodeURIComponent(token)}`);
        expectRefused(answer);
      }),
      { numRuns: RUNS },
    );
  });

  it('POST /api/alerts/claim: bodies without a well-shaped token', async () => {
    await fc.assert(
      fc.asyncProperty(claimBody, async (body) => {
        expectRefused(await call('POST /api/alerts/claim', '/api/alerts/claim', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['POST', '/api/alerts/claim'],
    ['POST', '/api/feedback'],
    ['POST', '/api/oauth/magic-login/member'],
  ])('%s %s: bodies that are not JSON, answered in the product’s words', async (method, path) => {
    const notJson = fc.string({ unit: 'binary', maxLength: 80 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
    await fc.assert(
      fc.asyncProperty(notJson, async (body) => {
        const answer = await call(`${method} ${path}`, path, { method, headers: { 'content-type': 'application/json' }, body });
        expectRefused(answer);
        expect(answer.body).not.toMatch(/content-type is set|JSON\.parse|Unexpected token|FST_/i);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(['/api/oauth/magic-login/member/callback', '/api/oauth/google/callback'])('GET %s: a failed login, never a session', async (path) => {
    await fc.assert(
      fc.asyncProperty(callbackQuery, fc.option(anyText(60).map((value) => `swarm_oidc_state=${encodeURIComponent(value)}`)), async (query, stateCookie) => {
        const answer = await call(`GET ${path}`, `${path}${query}`, stateCookie ? { headers: { cookie: stateCookie } } : {});
        expect(answer.status, answer.body).toBe(303);
        expect(answer.location).toMatch(/^\/login\?error=(invalid-link|login-failed)$/);
        expect(answer.setCookie.filter((cookie) => cookie.includes('session=') && !/Max-Age=0/.test(cookie))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('caused no report, SMS or email, and the product is healthy and still takes a valid report', async () => {
    expect(await smsCount()).toBe(0);
    expect(product.outbox.list()).toEqual([]);
    expect(feedback.received).toEqual([]);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#d0a020' } }).jpeg().toBuffer();
    const valid = validReport();
    const accepted = await fetch(`${base}/api/report`, { method: 'POST', body: formOf({ ...valid, files: [['image', new Uint8Array(picture), 'swarm.jpg']] }) });
    expect(accepted.status).toBe(201);
    await waitUntil(async () => (await smsCount()) === 1, 10_000, 'the alert of the valid report');
  });
});
