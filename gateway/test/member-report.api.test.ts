import { createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { buildReportService, InProcessReportLifecycleScheduler, MemoryImageStore, MemoryReportRepository } from '@swarm/report-service';
import { HealthRegistry, MemoryOutbox, registerHealthService } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { sessionCookieName } from '../src/auth/member-session.js';
import { MemorySessionStore } from '../src/auth/memory-session-store.js';
import { createServiceClients, type ServiceClients } from '../src/clients/service-clients.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';

type ImageProcessor = Parameters<typeof buildReportService>[0]['imageProcessor'];

/** Keeps the upload as the picture and makes a one-byte WebP "thumbnail", so tests can tell them apart. */
const passThroughImages: ImageProcessor = {
  async process(upload) {
    return {
      image: { bytes: upload, contentType: 'image/jpeg', extension: 'jpg' },
      thumbnail: { bytes: Uint8Array.from([7]), contentType: 'image/webp', extension: 'webp' },
    };
  },
};

type Started = {
  app: FastifyInstance;
  url: string;
  clients: ServiceClients;
  clock: { now: Date };
  /** Runs the report service's lifecycle timers due by the clock (the expiry of reports, the close of claims). */
  runDueTimers: () => Promise<void>;
  cookieFor: (memberId: string) => Promise<string>;
};

/** The gateway in front of the real report service (in memory), with a clock the test moves. */
async function startGateway(): Promise<Started> {
  const clock = { now: new Date('2026-06-01T12:00:00.000Z') };
  let id = 0;
  const timers = new InProcessReportLifecycleScheduler({ now: () => clock.now });
  const report = buildReportService({
    reports: new MemoryReportRepository(new MemoryOutbox()),
    coverage: {
      coverageOf: async () => ({
        members: [{ memberId: 'm-near', distanceMiles: 1, companyId: 'c-1', companyName: 'Salem Bees' }],
        associations: [{ companyId: 'c-1', name: 'Salem Bees', donationUrl: '' }],
      }),
    },
    geocoder: new OfflineGeocoder(),
    images: new MemoryImageStore(),
    imageProcessor: passThroughImages,
    clock: { now: () => clock.now },
    ids: { newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}` },
    randomBelow: () => 4_200 + id,
    timers,
  });
  await report.lifecycle.start();
  // No event bus here: each live report's timer is armed from the store, as at a start of the service.
  const runDueTimers = async () => {
    await report.lifecycle.armTimers.forLiveReports();
    await timers.runDue();
  };
  const transport = (routes: (router: ConnectRouter) => void = () => undefined) =>
    createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, new HealthRegistry());
    });
  const clients = createServiceClients({ report: transport(report.routes), member: transport(), 'association-billing': transport(), notification: transport(), insights: transport() });
  const sessions = new MemorySessionStore({ idleTimeoutMs: 60 * 60 * 1000 });
  const { site, port } = await testSite();
  const app = await buildGateway({
    clients,
    adapters: testAdapters({ sessions }),
    settings: { staticDir: '/nonexistent', site, reportImageMaxBytes: 1024, secureCookies: false },
    logger: testLogger(),
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, clients, clock, runDueTimers, cookieFor: async (memberId) => `${sessionCookieName({ secure: false })}=${(await sessions.create(memberId)).sessionId}` };
}

describe('member report routes', () => {
  let started: Started;
  let ada: string;
  let grace: string;
  let stranger: string;
  let reportId: string;
  let withImageId: string;

  async function submit(address: string, image?: Uint8Array, internalNote = ''): Promise<string> {
    const { reportId: id } = await started.clients.report.submitReport({
      idempotencyId: address,
      reporterName: 'Reporter',
      reporterPhone: '5551234567',
      size: 'Very Large',
      elevation: '12',
      address,
      recaptchaToken: 'token',
      internalNote,
      ...(image ? { image } : {}),
    });
    return id;
  }

  async function alert(id: string, memberId: string, distanceMiles: number) {
    await started.clients.report.recordAlert({ reportId: id, memberId, companyId: 'c-1', companyName: 'Salem Bees', distanceMiles });
  }

  beforeEach(async () => {
    started = await startGateway();
    [ada, grace, stranger] = await Promise.all([started.cookieFor('ada'), started.cookieFor('grace'), started.cookieFor('stranger')]);
    reportId = await submit('1 Oak St, Salem, OR, USA', undefined, 'in the cherry tree');
    started.clock.now = new Date('2026-06-01T13:00:00.000Z');
    withImageId = await submit('2 Elm St, Salem, OR, USA', Uint8Array.from([0xff, 0xd8, 0xff, 1, 2, 3]));
    for (const id of [reportId, withImageId]) {
      await alert(id, 'ada', 2.345);
      await alert(id, 'grace', 10);
    }
  });
  afterEach(async () => {
    await started.app.close();
  });

  async function call(method: string, path: string, cookie: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${started.url}${path}`, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  }

  it.each([
    ['GET', '/api/member/report/active'],
    ['GET', '/api/member/report/claimed'],
    ['GET', '/api/member/report/00000000-0000-4000-8000-000000000001/claim'],
    ['PUT', '/api/member/report/unclaim'],
    ['PUT', '/api/member/report/bad'],
    ['GET', '/api/member/report/00000000-0000-4000-8000-000000000001/image'],
    ['POST', '/api/member/report/00000000-0000-4000-8000-000000000001/outcome'],
  ])('%s %s answers 401 without a session', async (method, path) => {
    const body = method === 'GET' ? undefined : { reportId: 'x', reason: 'Other', outcome: 'Captured' };
    expect((await call(method, path, undefined, body)).status).toBe(401);
    expect((await call(method, path, 'swarm_session=forged', body)).status).toBe(401);
  });

  it('lists the active reports the member was alerted about, newest first, in the spec shape', async () => {
    const response = await call('GET', '/api/member/report/active', ada);
    expect(response.status).toBe(200);
    const [first, second] = response.body as Record<string, unknown>[];
    expect(first).toEqual({
      reportId: withImageId,
      dateCreated: '2026-06-01T13:00:00.000Z',
      imageUrl: `/api/member/report/${withImageId}/image`,
      thumbnailUrl: `/api/member/report/${withImageId}/image?variant=thumbnail`,
      claimCode: expect.stringMatching(/^\d{5}$/),
      note: '',
      size: 'Very Large',
      elevation: 12,
      distanceFromHome: 2.35,
    });
    expect(second).toMatchObject({ reportId, imageUrl: null, thumbnailUrl: null, note: 'in the cherry tree', dateCreated: '2026-06-01T12:00:00.000Z' });
    expect((await call('GET', '/api/member/report/active', stranger)).body).toEqual([]);
  });

  it('claims, lists under claimed with the association and canUnClaim, and un-claims', async () => {
    const claimed = await call('GET', `/api/member/report/${reportId}/claim`, ada);
    expect(claimed).toMatchObject({ status: 200, body: { message: 'Successfully claimed report!' } });
    expect((await call('GET', `/api/member/report/${reportId}/claim`, ada)).status).toBe(200);
    expect((await call('GET', '/api/member/report/active', ada)).body).toMatchObject([{ reportId: withImageId }]);
    expect((await call('GET', '/api/member/report/active', grace)).body).toMatchObject([{ reportId: withImageId }]);
    const list = await call('GET', '/api/member/report/claimed', ada);
    expect(list.body).toEqual([
      {
        reportId,
        dateCreated: '2026-06-01T12:00:00.000Z',
        dateClaimed: '2026-06-01T13:00:00.000Z',
        imageUrl: null,
        thumbnailUrl: null,
        claimCode: expect.stringMatching(/^\d{5}$/),
        note: 'in the cherry tree',
        size: 'Very Large',
        elevation: 12,
        canUnClaim: true,
        companyName: 'Salem Bees',
        outcome: null,
      },
    ]);
    expect(await call('PUT', '/api/member/report/unclaim', ada, { reportId })).toMatchObject({ status: 200, body: { message: 'Report has been unclaimed' } });
    expect((await call('GET', '/api/member/report/claimed', ada)).body).toEqual([]);
    expect((await call('GET', `/api/member/report/${reportId}/claim`, grace)).status).toBe(200);
  });

  it('answers 409 with the spec message to a second claimer and 404 to a member not alerted, never 403', async () => {
    await call('GET', `/api/member/report/${reportId}/claim`, ada);
    expect(await call('GET', `/api/member/report/${reportId}/claim`, grace)).toMatchObject({
      status: 409,
      body: { message: 'This swarm has already been claimed by another member.' },
    });
    expect(await call('GET', `/api/member/report/${reportId}/claim`, stranger)).toMatchObject({ status: 404, body: { message: 'Report not found.' } });
    expect(await call('GET', '/api/member/report/00000000-0000-4000-8000-999999999999/claim', ada)).toMatchObject({ status: 404, body: { message: 'Report not found.' } });
    expect((await call('GET', '/api/member/report/not%20an%20id!/claim', ada)).status).toBe(404);
  });

  it('gives exactly one of many concurrent web claims the swarm', async () => {
    const members = Array.from({ length: 30 }, (_, index) => `racer-${index}`);
    for (const memberId of members) await alert(reportId, memberId, 1);
    const cookies = await Promise.all(members.map((memberId) => started.cookieFor(memberId)));
    const statuses = await Promise.all(cookies.map(async (cookie) => (await call('GET', `/api/member/report/${reportId}/claim`, cookie)).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(members.length - 1);
  });

  it('refuses un-claim and mark-as-bad by another member with 404, and after 72 hours with 409', async () => {
    await call('GET', `/api/member/report/${reportId}/claim`, ada);
    expect((await call('PUT', '/api/member/report/unclaim', grace, { reportId })).status).toBe(404);
    expect((await call('PUT', '/api/member/report/bad', grace, { reportId, reason: 'Other' })).status).toBe(404);
    expect(await call('PUT', '/api/member/report/unclaim', ada, { reportId: withImageId })).toMatchObject({ status: 409, body: { message: 'This report is not claimed.' } });
    started.clock.now = new Date('2026-06-04T13:00:00.000Z');
    expect((await call('GET', '/api/member/report/claimed', ada)).body).toMatchObject([{ reportId, canUnClaim: false }]);
    expect(await call('PUT', '/api/member/report/unclaim', ada, { reportId })).toMatchObject({
      status: 409,
      body: { message: 'A report can only be unclaimed within 72 hours of claiming it.' },
    });
    expect(await call('PUT', '/api/member/report/bad', ada, { reportId, reason: 'Other' })).toMatchObject({
      status: 409,
      body: { message: 'A report can only be marked as bad within 72 hours of claiming it.' },
    });
  });

  it('marks bad with one of the five reasons, removing the report from every list', async () => {
    await call('GET', `/api/member/report/${reportId}/claim`, ada);
    expect(await call('PUT', '/api/member/report/bad', ada, { reportId })).toMatchObject({ status: 400, body: { message: 'Please choose a reason.' } });
    expect(await call('PUT', '/api/member/report/bad', ada, { reportId, reason: 'Wasps' })).toMatchObject({
      status: 400,
      body: { message: 'Reason must be one of: Not honey bees, Swarm moved into structure, Swarm moved on, Someone else got the swarm, Other.' },
    });
    expect(await call('PUT', '/api/member/report/bad', ada, { reportId, reason: 'Swarm moved on' })).toMatchObject({
      status: 200,
      body: { message: 'Report has been marked as bad' },
    });
    expect((await call('GET', '/api/member/report/claimed', ada)).body).toEqual([]);
    expect((await call('GET', '/api/member/report/active', grace)).body).toMatchObject([{ reportId: withImageId }]);
    expect((await call('GET', `/api/member/report/${reportId}/claim`, grace)).status).toBe(404);
  });

  describe('the outcome of a claimed swarm', () => {
    const outcomePath = (id: string) => `/api/member/report/${id}/outcome`;

    it('records and changes the claimer’s outcome, shown in the claimed list, also after the claim closed', async () => {
      await call('GET', `/api/member/report/${reportId}/claim`, ada);
      expect(await call('POST', outcomePath(reportId), ada, { outcome: 'Captured' })).toMatchObject({
        status: 200,
        body: { message: 'The outcome has been recorded.' },
      });
      expect((await call('GET', '/api/member/report/claimed', ada)).body).toMatchObject([{ reportId, outcome: 'Captured' }]);
      started.clock.now = new Date('2026-06-10T13:00:00.000Z');
      await started.runDueTimers();
      expect((await call('POST', outcomePath(reportId), ada, { outcome: ' Gone before arrival ' })).status).toBe(200);
      expect((await call('GET', '/api/member/report/claimed', ada)).body).toMatchObject([{ reportId, canUnClaim: false, outcome: 'Gone before arrival' }]);
    });

    it('answers 400 with a message for a missing or unknown outcome', async () => {
      await call('GET', `/api/member/report/${reportId}/claim`, ada);
      for (const body of [{}, { outcome: '' }, { outcome: null }, { outcome: 3 }]) {
        expect(await call('POST', outcomePath(reportId), ada, body)).toMatchObject({ status: 400, body: { message: 'Please choose an outcome.' } });
      }
      expect(await call('POST', outcomePath(reportId), ada, { outcome: 'Eaten' })).toMatchObject({
        status: 400,
        body: { message: 'Outcome must be one of: Captured, Gone before arrival, Not honey bees, Could not reach, Other.' },
      });
      expect((await call('GET', '/api/member/report/claimed', ada)).body).toMatchObject([{ reportId, outcome: null }]);
    });

    it('answers 404, never 403, to anyone but the claimer and for an unknown report', async () => {
      await call('GET', `/api/member/report/${reportId}/claim`, ada);
      expect(await call('POST', outcomePath(reportId), grace, { outcome: 'Captured' })).toMatchObject({ status: 404, body: { message: 'Report not found.' } });
      expect((await call('POST', outcomePath(withImageId), ada, { outcome: 'Captured' })).status).toBe(404);
      expect((await call('POST', outcomePath('00000000-0000-4000-8000-999999999999'), ada, { outcome: 'Captured' })).status).toBe(404);
      expect((await call('POST', outcomePath('not%20an%20id!'), ada, { outcome: 'Captured' })).status).toBe(404);
    });

    it('refuses a cross-site outcome', async () => {
      await call('GET', `/api/member/report/${reportId}/claim`, ada);
      expect((await call('POST', outcomePath(reportId), ada, { outcome: 'Captured' }, { origin: 'https://evil.example' })).status).toBe(403);
    });
  });

  it('refuses un-claim and mark-as-bad without a valid report id with 400', async () => {
    expect((await call('PUT', '/api/member/report/unclaim', ada, {})).status).toBe(400);
    expect((await call('PUT', '/api/member/report/unclaim', ada, { reportId: 42 })).status).toBe(400);
    expect((await call('PUT', '/api/member/report/bad', ada, { reportId: '../x', reason: 'Other' })).status).toBe(400);
  });

  it('serves the picture and thumbnail bytes privately, only to alerted members', async () => {
    const full = await fetch(`${started.url}/api/member/report/${withImageId}/image`, { headers: { cookie: ada } });
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/jpeg');
    expect(full.headers.get('cache-control')).toMatch(/^private/);
    expect([...new Uint8Array(await full.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 1, 2, 3]);
    const thumbnail = await fetch(`${started.url}/api/member/report/${withImageId}/image?variant=thumbnail`, { headers: { cookie: grace } });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    expect([...new Uint8Array(await thumbnail.arrayBuffer())]).toEqual([7]);
    expect((await call('GET', `/api/member/report/${withImageId}/image`, stranger)).status).toBe(404);
    expect((await call('GET', `/api/member/report/${reportId}/image`, ada)).status).toBe(404);
    expect((await call('GET', `/api/member/report/${withImageId}/image?variant=huge`, ada)).status).toBe(404);
  });

  it('refuses a claim another site makes the browser send', async () => {
    const response = await call('GET', `/api/member/report/${reportId}/claim`, ada, undefined, { 'sec-fetch-site': 'cross-site' });
    expect(response.status).toBe(403);
    expect((await call('GET', '/api/member/report/claimed', ada)).body).toEqual([]);
  });

  it('refuses a cross-site un-claim', async () => {
    await call('GET', `/api/member/report/${reportId}/claim`, ada);
    expect((await call('PUT', '/api/member/report/unclaim', ada, { reportId }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await call('GET', '/api/member/report/claimed', ada)).body).toMatchObject([{ reportId }]);
  });
});
