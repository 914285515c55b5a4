import { randomUUID } from 'node:crypto';
import { createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { buildReportService, MemoryReportRepository } from '@swarm/report-service';
import { HealthRegistry, MemoryOutbox, registerHealthService, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { createServiceClients } from '../src/clients/service-clients.js';

const IMAGE_LIMIT = 1024;

async function startGateway(options: { unhealthy?: string } = {}): Promise<{ app: FastifyInstance; url: string }> {
  const transport = (name: string, routes: (router: ConnectRouter) => void = () => undefined) => {
    const health = new HealthRegistry();
    health.register('store', async () => name !== options.unhealthy);
    return createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, health);
    });
  };
  const report = buildReportService({
    reports: new MemoryReportRepository(new MemoryOutbox()),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
  });
  const clients = createServiceClients({
    report: transport('report', report.routes),
    member: transport('member'),
    'association-billing': transport('association-billing'),
    notification: transport('notification'),
  });
  const app = await buildGateway({ clients, settings: { staticDir: '/nonexistent', reportImageMaxBytes: IMAGE_LIMIT }, logger: testLogger() });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: address };
}

function form(overrides: Record<string, string | Blob | undefined> = {}): FormData {
  const fields: Record<string, string | Blob | undefined> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Softball',
    elevation: '3',
    address: '1 Apiary Lane',
    recaptchaToken: 'token',
    idempotencyId: randomUUID(),
    ...overrides,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

describe('gateway', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  async function post(body: FormData | string, headers: Record<string, string> = {}) {
    const started = await startGateway();
    app = started.app;
    const response = await fetch(`${started.url}/api/report`, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, url: started.url };
  }

  it('answers 201 with the new reportId', async () => {
    const { status, body } = await post(form());
    expect(status).toBe(201);
    expect(body.reportId).toEqual(expect.any(String));
  });

  it.each(['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'])(
    'answers 400 "All fields must be filled out" without %s',
    async (field) => {
      const { status, body } = await post(form({ [field]: undefined }));
      expect(status).toBe(400);
      expect(body.message).toBe('All fields must be filled out');
    },
  );

  it('accepts a name of 255 characters and refuses 256', async () => {
    expect((await post(form({ reporterName: 'a'.repeat(255) }))).status).toBe(201);
    await app?.close();
    const { status, body } = await post(form({ reporterName: 'a'.repeat(256) }));
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
    const { status, body } = await post(form({ [field]: value }));
    expect(status).toBe(400);
    expect(body).toEqual({ message, errors: [message] });
  });

  it('accepts the elevation bounds 0 and 50', async () => {
    expect((await post(form({ elevation: '0' }))).status).toBe(201);
    await app?.close();
    expect((await post(form({ elevation: '50' }))).status).toBe(201);
  });

  it('answers 413 with the spec message for an image over the configured limit', async () => {
    const { status, body } = await post(form({ image: new Blob([new Uint8Array(IMAGE_LIMIT + 1)], { type: 'image/jpeg' }) }));
    expect(status).toBe(413);
    expect(body.message).toBe('The image you are uploading is too big. Please select a smaller image.');
  });

  it('answers 409 with the spec message when the same submission is replayed', async () => {
    const started = await startGateway();
    app = started.app;
    const idempotencyId = randomUUID();
    const first = await fetch(`${started.url}/api/report`, { method: 'POST', body: form({ idempotencyId }) });
    expect(first.status).toBe(201);
    const replay = await fetch(`${started.url}/api/report`, { method: 'POST', body: form({ idempotencyId }) });
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { message: string }).message).toBe('This report has already been successfully submitted.');
  });

  it('answers 409 when an idempotency id is reused for a different report', async () => {
    const started = await startGateway();
    app = started.app;
    const idempotencyId = randomUUID();
    await fetch(`${started.url}/api/report`, { method: 'POST', body: form({ idempotencyId }) });
    const reuse = await fetch(`${started.url}/api/report`, { method: 'POST', body: form({ idempotencyId, address: '2 Other Road' }) });
    expect(reuse.status).toBe(409);
  });

  it('sends headers that stop content sniffing, framing and full-URL referrers', async () => {
    const started = await startGateway();
    app = started.app;
    const response = await fetch(`${started.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers 415 to a report that is not multipart', async () => {
    const { status } = await post(JSON.stringify({ reporterName: 'Ada' }), { 'content-type': 'application/json' });
    expect(status).toBe(415);
  });

  it('reports 503 and names the failing service when one is not serving', async () => {
    const started = await startGateway({ unhealthy: 'member' });
    app = started.app;
    const response = await fetch(`${started.url}/api/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; services: { name: string; status: string }[] };
    expect(body.status).toBe('degraded');
    expect(body.services.find((service) => service.name === 'member')?.status).toBe('NOT_SERVING');
  });
});
