import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET, SPA_MARKER, startDistributedProduct, startEmbeddedProduct, type RunningProduct } from './product-harness.js';

function reportForm(overrides: Record<string, string> = {}): FormData {
  const fields: Record<string, string> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Basketball',
    elevation: '12',
    address: '1 Apiary Lane, Springfield',
    recaptchaToken: 'dev-token',
    idempotencyId: randomUUID(),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const modes: [string, () => Promise<RunningProduct>][] = [
  ['embedded (one process, in-memory adapters)', startEmbeddedProduct],
  ['distributed (a process per service, NATS JetStream, MongoDB-compatible store)', () => startDistributedProduct()],
];

describe.each(modes)('report journey, %s', (_mode, start) => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await start();
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('reports every service healthy', async () => {
    const response = await fetch(`${product.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; services: { name: string; status: string }[] };
    expect(body.status).toBe('ok');
    expect(body.services.map((service) => [service.name, service.status])).toEqual([
      ['report', 'SERVING'],
      ['member', 'SERVING'],
      ['association-billing', 'SERVING'],
      ['notification', 'SERVING'],
    ]);
  });

  it('serves the single-page app for its own routes, its hashed assets cacheable for good, and JSON 404 under /api', async () => {
    for (const path of ['/', '/report', '/member/profile']) {
      const response = await fetch(`${product.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(SPA_MARKER);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await fetch(`${product.baseUrl}/assets/${HASHED_ASSET}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await fetch(`${product.baseUrl}/api/no-such-call`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found.' });
  });

  it('stores a submitted report and the notification service records it', async () => {
    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm() });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/);

    await waitUntil(async () => (await product.findDispatch(reportId)) !== undefined, 20_000, 'the notification service to record the report');
    await waitUntil(
      () => product.notificationLog().some((line) => line.msg === 'report received for alert dispatch' && line.reportId === reportId),
      5_000,
      'the notification log line',
    );
  });

  it('answers 409 to a replayed submission and keeps the one report', async () => {
    const form = reportForm();
    const idempotencyId = String(form.get('idempotencyId'));
    const first = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
    const { reportId } = (await first.json()) as { reportId: string };
    const replay = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ idempotencyId }) });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual({ message: 'This report has already been successfully submitted.', reportId });
  });

  it('refuses invalid fields with the messages of the form and stores nothing', async () => {
    const response = await fetch(`${product.baseUrl}/api/report`, {
      method: 'POST',
      body: reportForm({ reporterPhone: '555-1234', elevation: '51' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Distance from Ground is out of range (0 to 50)',
      errors: ['Distance from Ground is out of range (0 to 50)', 'Phone is invalid (10 digts, only numbers)'],
    });
  });
});
