import { randomUUID } from 'node:crypto';
import { plainPng } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { BotCheck } from '../src/bot-check/bot-check.js';
import { RecaptchaBotCheck } from '../src/bot-check/recaptcha-bot-check.js';
import { GeocoderUnavailableError, OfflineGeocoder, type Geocoder } from '@swarm/runtime/geocoding';
import { IMAGE_LIMIT, phonePhoto, reportForm, startGateway, type GatewayOptions, type RecordingImageStore } from './gateway-harness.js';
import { startLocalServer } from '@swarm/testing';
import type { MemoryReportRepository } from '@swarm/report-service';

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

describe('POST /api/report', () => {
  let app: FastifyInstance | undefined;
  let url = '';
  let images: RecordingImageStore;
  let reports: MemoryReportRepository;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  async function start(options: GatewayOptions = {}) {
    await app?.close();
    ({ app, url, images, reports } = await startGateway(options));
  }

  async function post(body: FormData | string, headers: Record<string, string> = {}): Promise<Answer> {
    if (!app) await start();
    const response = await fetch(`${url}/api/report`, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers };
  }

  it('answers 201 with the new reportId', async () => {
    const { status, body } = await post(reportForm());
    expect(status).toBe(201);
    expect(body.reportId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each(['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'])(
    'answers 400 "All fields must be filled out" without %s',
    async (field) => {
      const { status, body } = await post(reportForm({ [field]: undefined }));
      expect(status).toBe(400);
      expect(body.message).toBe('All fields must be filled out');
    },
  );

  it('accepts a name of 255 characters and refuses 256', async () => {
    expect((await post(reportForm({ reporterName: 'a'.repeat(255) }))).status).toBe(201);
    const { status, body } = await post(reportForm({ reporterName: 'a'.repeat(256) }));
    expect(status).toBe(400);
    expect(body.errors).toEqual(['Name is too long']);
  });

  it.each([
    ['size', 'x'.repeat(256), 'Bee Size is too long'],
    ['size', 'Huge', 'Bee Size must be one of Softball, Basketball, Very Large'],
    ['elevation', '-1', 'Distance from Ground is out of range (0 to 50)'],
    ['elevation', '50.1', 'Distance from Ground is out of range (0 to 50)'],
    ['elevation', 'ten', 'Distance from Ground is out of range (0 to 50)'],
    ['reporterPhone', '555123456', 'Phone is invalid (10 digts, only numbers)'],
    ['reporterPhone', '(555)1234567', 'Phone is invalid (10 digts, only numbers)'],
  ])('answers 400 when %s is %j', async (field, value, message) => {
    const { status, body } = await post(reportForm({ [field]: value }));
    expect(status).toBe(400);
    expect(body).toEqual({ message, errors: [message] });
  });

  it.each(['Softball', 'Basketball', 'Very Large'])('accepts the size %s', async (size) => {
    expect((await post(reportForm({ size }))).status).toBe(201);
  });

  it('accepts the elevation bounds 0 and 50', async () => {
    expect((await post(reportForm({ elevation: '0' }))).status).toBe(201);
    expect((await post(reportForm({ elevation: '50' }))).status).toBe(201);
  });

  describe("the reporter's language", () => {
    it.each([
      ['es', 'es'],
      ['en', 'en'],
      [undefined, 'en'],
    ])('stores reporterLanguage %j as %s', async (value, stored) => {
      const { status, body } = await post(reportForm({ reporterLanguage: value }));
      expect(status).toBe(201);
      expect((await reports.findById(body.reportId as string))?.reporterLanguage).toBe(stored);
    });

    it.each(['ES', 'es-MX', 'fr', ''])('answers 400 with a field violation for reporterLanguage %j', async (value) => {
      const { status, body } = await post(reportForm({ reporterLanguage: value }));
      expect(status).toBe(400);
      expect(body).toEqual({ message: "reporterLanguage must be 'en' or 'es'", errors: ["reporterLanguage must be 'en' or 'es'"] });
    });
  });

  describe("the reporter's consent to texts", () => {
    it.each([
      ['true', true],
      ['false', false],
      [' true ', true],
      [undefined, false],
    ])('stores reporterUpdates %j as %s', async (value, stored) => {
      const { status, body } = await post(reportForm({ reporterUpdates: value }));
      expect(status).toBe(201);
      expect((await reports.findById(body.reportId as string))?.reporterUpdates).toBe(stored);
    });

    it.each(['yes', '1', 'TRUE', ''])('answers 400 with a field violation for reporterUpdates %j', async (value) => {
      const { status, body } = await post(reportForm({ reporterUpdates: value }));
      expect(status).toBe(400);
      expect(body).toEqual({ message: "reporterUpdates must be 'true' or 'false'", errors: ["reporterUpdates must be 'true' or 'false'"] });
    });

    it("lists a broken reporterUpdates after the form's other broken rules", async () => {
      const { status, body } = await post(reportForm({ reporterUpdates: 'maybe', reporterPhone: '12' }));
      expect(status).toBe(400);
      expect(body).toEqual({
        message: 'Phone is invalid (10 digts, only numbers)',
        errors: ['Phone is invalid (10 digts, only numbers)', "reporterUpdates must be 'true' or 'false'"],
      });
    });
  });

  it('answers 415 to a report that is not multipart', async () => {
    const { status } = await post(JSON.stringify({ reporterName: 'Ada' }), { 'content-type': 'application/json' });
    expect(status).toBe(415);
  });

  describe('the picture', () => {
    it('stores a phone picture re-encoded without its EXIF and GPS data, with a thumbnail', async () => {
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const { status } = await post(reportForm({ image: new Blob([photo], { type: 'image/jpeg' }) }));
      expect(status).toBe(201);
      expect(images.saved.map((image) => image.name)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.jpg$/), expect.stringMatching(/-thumb\.jpg$/)]);
      for (const image of images.saved) {
        const metadata = await sharp(image.bytes).metadata();
        expect(metadata.format).toBe('jpeg');
        expect(metadata.exif).toBeUndefined();
      }
    });

    it('answers 413 with the spec message for a picture over the configured limit', async () => {
      const { status, body } = await post(reportForm({ image: new Blob([new Uint8Array(IMAGE_LIMIT + 1)], { type: 'image/jpeg' }) }));
      expect(status).toBe(413);
      expect(body.message).toBe('The image you are uploading is too big. Please select a smaller image.');
      expect(images.saved).toEqual([]);
    });

    it('answers 413 with the spec message for a picture over the pixel limit, read from its header, and stores nothing', async () => {
      const { status, body } = await post(reportForm({ image: new Blob([plainPng(8000, 8000)], { type: 'image/png' }) }));
      expect(status).toBe(413);
      expect(body.message).toBe('The image you are uploading is too big. Please select a smaller image.');
      expect(images.saved).toEqual([]);
    });

    it('answers 413, not 415, for a picture over the pixel limit whose pixels could not even be decoded', async () => {
      const { status } = await post(reportForm({ image: new Blob([plainPng(8000, 8000, { pixels: 'corrupt' })], { type: 'image/png' }) }));
      expect(status).toBe(413);
    });

    it('answers 415 to a web page disguised as a JPEG by its name and type, and stores nothing', async () => {
      const disguised = new File(['<!doctype html><script>alert(1)</script>'], 'swarm.jpg', { type: 'image/jpeg' });
      const { status, body } = await post(reportForm({ image: disguised }));
      expect(status).toBe(415);
      expect(body.message).toBe('The file is not a picture. Please select a JPEG, PNG, WebP, GIF or HEIC image.');
      expect(images.saved).toEqual([]);
    });

    it('answers 415 to a file that starts like a JPEG but cannot be decoded', async () => {
      const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(200).fill(7)]);
      const { status, body } = await post(reportForm({ image: new Blob([broken], { type: 'image/jpeg' }) }));
      expect(status).toBe(415);
      expect(body.message).toMatch(/not a picture/);
    });

    it('answers 415 to a picture that cannot be decoded although a live report at the address would be a duplicate', async () => {
      const address = '9 Brood Court, Salem, OR, USA';
      expect((await post(reportForm({ address }))).status).toBe(201);
      const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(200).fill(7)]);
      const { status, body } = await post(reportForm({ address, image: new Blob([broken], { type: 'image/jpeg' }) }));
      expect(status).toBe(415);
      expect(body.message).toBe('The file is not a picture. Please select a JPEG, PNG, WebP, GIF or HEIC image.');
      expect(images.saved).toEqual([]);
    });

    it('stores no picture for a report answered as a duplicate', async () => {
      const address = '11 Brood Court, Salem, OR, USA';
      expect((await post(reportForm({ address }))).status).toBe(201);
      const { status } = await post(reportForm({ address, image: new Blob([await phonePhoto()], { type: 'image/jpeg' }) }));
      expect(status).toBe(208);
      expect(images.saved).toEqual([]);
    });

    it('accepts an empty file part as no picture', async () => {
      expect((await post(reportForm({ image: new Blob([], { type: 'application/octet-stream' }) }))).status).toBe(201);
      expect(images.saved).toEqual([]);
    });
  });

  describe('replays', () => {
    it('answers 409 with the spec message and the first reportId when the same submission is replayed', async () => {
      const idempotencyId = randomUUID();
      const address = '1 Hive Way, Salem, OR, USA';
      const first = await post(reportForm({ idempotencyId, address }));
      expect(first.status).toBe(201);
      const replay = await post(reportForm({ idempotencyId, address }));
      expect(replay).toMatchObject({ status: 409, body: { message: 'This report has already been successfully submitted.', reportId: first.body.reportId } });
    });

    it('answers 409 when an idempotency id is reused for a different report', async () => {
      const idempotencyId = randomUUID();
      await post(reportForm({ idempotencyId }));
      expect((await post(reportForm({ idempotencyId, address: '2 Other Road, Bend, OR, USA' }))).status).toBe(409);
    });
  });

  describe('duplicates at one address', () => {
    it('answers 208 with the existing reportId, then creates the report when the reporter confirms', async () => {
      const address = '77 Comb Street, Eugene, OR, USA';
      const first = await post(reportForm({ address }));
      expect(first.status).toBe(201);
      const again = await post(reportForm({ address: '77 comb street,  eugene, or, usa' }));
      expect(again).toMatchObject({ status: 208, body: { message: 'A swarm at this address has already been successfully reported.', reportId: first.body.reportId } });
      const confirmed = await post(reportForm({ address, confirmDuplicate: 'true' }));
      expect(confirmed.status).toBe(201);
      expect(confirmed.body.reportId).not.toBe(first.body.reportId);
    });
  });

  describe('the address', () => {
    it('answers 422 with the spec message for an address not picked from the suggestions', async () => {
      const { status, body } = await post(reportForm({ address: '1 Apiary Lane' }));
      expect(status).toBe(422);
      expect(body.message).toBe('Please select an address from the dropdown list.');
    });

    it('resolves the place id of the picked suggestion when the form sends it', async () => {
      await start();
      const suggestions = (await (await fetch(`${url}/api/places/autocomplete?input=${encodeURIComponent('3 Elm St, Corvall')}`)).json()) as {
        suggestions: { description: string; placeId: string }[];
      };
      const [picked] = suggestions.suggestions;
      expect((await post(reportForm({ address: picked!.description, placeId: picked!.placeId }))).status).toBe(201);
    });

    it('answers 404 with the spec message where no beekeeper covers the place', async () => {
      const { status, body } = await post(reportForm({ address: '1 Pike St, Seattle, WA, USA' }));
      expect(status).toBe(404);
      expect(body.message).toBe("We couldn't find any available beekeepers using our service in your area.");
    });

    it('answers 503 when the geocoding provider is unavailable', async () => {
      const down: Geocoder = {
        suggest: async () => [],
        resolve: async () => {
          throw new GeocoderUnavailableError('down');
        },
      };
      await start({ geocoder: down });
      expect((await post(reportForm())).status).toBe(503);
    });
  });

  describe('the bot check and rate limits', () => {
    it('answers 429 with the spec message when the bot check fails, and stores nothing', async () => {
      const refusing: BotCheck = { verify: async () => ({ ok: false, reason: 'test' }) };
      await start({ botCheck: refusing });
      const idempotencyId = randomUUID();
      const { status, body } = await post(reportForm({ idempotencyId }));
      expect(status).toBe(429);
      expect(body.message).toBe("Failed to verify that you're a human. Refresh the page and try again.");
    });

    it("asks the bot check and the geocoder nothing about a report the service's form rules refuse", async () => {
      const asked: string[] = [];
      const botCheck: BotCheck = {
        verify: async (token) => {
          asked.push(`bot check ${token}`);
          return { ok: true };
        },
      };
      const offline = new OfflineGeocoder();
      const geocoder: Geocoder = {
        suggest: (input) => offline.suggest(input),
        resolve: async (address, placeId) => {
          asked.push(`geocoder ${address}`);
          return offline.resolve(address, placeId);
        },
      };
      await start({ botCheck, geocoder });
      const refused = await post(reportForm({ reporterPhone: '12', recaptchaToken: 'malformed' }));
      expect(refused).toMatchObject({ status: 400, body: { message: 'Phone is invalid (10 digts, only numbers)', errors: ['Phone is invalid (10 digts, only numbers)'] } });
      expect(asked).toEqual([]);
      const address = '7 Comb Court, Salem, OR, USA';
      expect((await post(reportForm({ address, recaptchaToken: 'well-formed' }))).status).toBe(201);
      expect(asked).toEqual(['bot check well-formed', `geocoder ${address}`]);
    });

    it('asks the bot check about the report action and answers 429 for a low reCAPTCHA score', async () => {
      const siteverify = await startLocalServer((request) => {
        const token = new URLSearchParams(request.body).get('response');
        return { body: { success: true, action: 'report', score: token === 'human' ? 0.9 : 0.2, hostname: 'localhost' } };
      });
      closers.push(siteverify.close);
      await start({ botCheck: new RecaptchaBotCheck({ secret: 's', verifyUrl: siteverify.url, minScore: 0.5 }) });
      expect((await post(reportForm({ recaptchaToken: 'human' }))).status).toBe(201);
      expect((await post(reportForm({ recaptchaToken: 'script' }))).status).toBe(429);
    });

    it('answers a retry of the very same request as a replay although the single-use token was spent', async () => {
      const spent = new Set<string>();
      const singleUse: BotCheck = {
        verify: async (token) => {
          if (spent.has(token)) return { ok: false, reason: 'timeout-or-duplicate' };
          spent.add(token);
          return { ok: true };
        },
      };
      await start({ botCheck: singleUse });
      const fields = { idempotencyId: randomUUID(), address: '5 Drone Row, Albany, OR, USA', recaptchaToken: 'once' };
      const first = await post(reportForm(fields));
      expect(first.status).toBe(201);
      expect(await post(reportForm(fields))).toMatchObject({ status: 409, body: { reportId: first.body.reportId } });
      expect((await post(reportForm({ ...fields, idempotencyId: randomUUID() }))).status).toBe(429);
    });

    it('answers 429 with a wait once a client has sent its hourly reports', async () => {
      await start({ reportsPerHourPerClient: 2 });
      expect((await post(reportForm())).status).toBe(201);
      expect((await post(reportForm({ reporterPhone: 'bad' }))).status).toBe(400);
      const limited = await post(reportForm());
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/Too many reports/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});

describe('GET /api/report/{reportId}/associations', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('lists the associations covering the report, with a null donationUrl where there is none', async () => {
    const started = await startGateway();
    app = started.app;
    const created = await fetch(`${started.url}/api/report`, { method: 'POST', body: reportForm() });
    const { reportId } = (await created.json()) as { reportId: string };
    const response = await fetch(`${started.url}/api/report/${reportId}/associations`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      { name: 'Portland Beekeepers', donationUrl: 'https://example.org/donate' },
      { name: 'Hive Helpers', donationUrl: null },
    ]);
  });

  it('answers 404 for an unknown report and 400 for something that is not a report id', async () => {
    const started = await startGateway();
    app = started.app;
    const unknown = await fetch(`${started.url}/api/report/${randomUUID()}/associations`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Report not found.' });
    expect((await fetch(`${started.url}/api/report/not-an-id/associations`)).status).toBe(400);
  });
});
