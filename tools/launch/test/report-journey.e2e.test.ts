import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHED_ASSET, SPA_MARKER, startDistributedProduct, startEmbeddedProduct, type RunningProduct } from './product-harness.js';

/** Springfield, IL as the offline geocoder places it: a beekeeper lives there. Boise, ID has none. */
const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501, address: '9 Hive Road, Springfield, IL, USA' };

let streetNumber = 0;
/** A new address in Springfield each time, so reports of different tests are not duplicates of each other. */
function springfieldAddress(): string {
  streetNumber += 1;
  return `${streetNumber} Apiary Lane, Springfield, IL, USA`;
}

function reportForm(overrides: Record<string, string | Blob> = {}): FormData {
  const fields: Record<string, string | Blob> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Basketball',
    elevation: '12',
    address: springfieldAddress(),
    recaptchaToken: 'dev-token',
    idempotencyId: randomUUID(),
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The value of one series in a Prometheus text exposition, or undefined when the series is not there. */
function metricValue(exposition: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([label, value]) => `${label}="${value}"`);
  for (const line of exposition.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(/,(?=[a-z_]+=")/i);
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

const modes: [string, () => Promise<RunningProduct>][] = [
  ['embedded (one process, in-memory adapters)', startEmbeddedProduct],
  ['distributed (a process per service, NATS JetStream, MongoDB-compatible store)', () => startDistributedProduct()],
];

describe.each(modes)('report journey, %s', (_mode, start) => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await start();
    await product.coverPlace({ ...SPRINGFIELD, associationName: 'Springfield Beekeepers', donationUrl: 'https://example.org/springfield' });
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
      ['insights', 'SERVING'],
    ]);
  });

  it('serves Prometheus metrics from every process, which move with a submitted report', async () => {
    for (const url of new Set(Object.values(product.metricsUrls))) {
      const exposition = await scrape(url);
      expect(metricValue(exposition, 'swarm_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    }
    const submitted = { method: 'POST', route: '/api/report', status_code: '201' };
    const submitRpc = { rpc_service: 'swarm.report.v1.ReportService', rpc_method: 'SubmitReport', code: 'ok' };
    const httpBefore = metricValue(await scrape(product.metricsUrls.gateway), 'swarm_http_requests_total', submitted) ?? 0;
    const rpcBefore = metricValue(await scrape(product.metricsUrls.report), 'swarm_rpc_requests_total', submitRpc) ?? 0;

    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm() });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };
    await waitUntil(async () => (await product.findDispatch(reportId)) !== undefined, 20_000, 'the notification service to record the report');

    const gateway = await scrape(product.metricsUrls.gateway);
    expect(metricValue(gateway, 'swarm_http_requests_total', submitted)).toBe(httpBefore + 1);
    expect(metricValue(gateway, 'swarm_http_request_duration_seconds_count', submitted)).toBeGreaterThanOrEqual(httpBefore + 1);
    const report = await scrape(product.metricsUrls.report);
    expect(metricValue(report, 'swarm_rpc_requests_total', submitRpc)).toBeGreaterThan(rpcBefore);
    expect(metricValue(report, 'swarm_outbox_pending_entries', { service: 'report' })).toBeGreaterThanOrEqual(0);
    expect(metricValue(report, 'swarm_outbox_lag_seconds', { service: 'report' })).toBeGreaterThanOrEqual(0);
    expect(metricValue(report, 'swarm_claims_total', { outcome: 'won' }) ?? 0).toBeGreaterThanOrEqual(0);
    const notification = await scrape(product.metricsUrls.notification);
    expect(metricValue(notification, 'swarm_outbox_pending_entries', { service: 'notification' })).toBeGreaterThanOrEqual(0);
    expect(metricValue(notification, 'swarm_queue_jobs', { queue: 'alerts', state: 'delayed' })).toBeGreaterThanOrEqual(0);
    expect(metricValue(notification, 'swarm_sms_sent_total')).toBeGreaterThanOrEqual(0);
    expect(metricValue(notification, 'swarm_rpc_requests_total', { rpc_service: 'swarm.notification.v1.NotificationService', rpc_method: 'GetAlertDispatch' })).toBeGreaterThan(0);
  });

  it('follows one report through the gateway, report and notification logs by one trace id', async () => {
    const latencyBefore = metricValue(await scrape(product.metricsUrls.notification), 'swarm_alert_latency_seconds_count') ?? 0;
    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm() });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };
    const traceId = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(response.headers.get('traceresponse') ?? '')?.[1];
    expect(traceId).toBeDefined();

    // The alert job (BullMQ, or a timer in the embedded product) runs in the trace that scheduled it.
    await waitUntil(
      () => product.notificationLog().some((line) => line.msg === 'alert sent' && line.reportId === reportId && line.traceId === traceId),
      20_000,
      'the alert SMS to be logged in the report’s trace',
    );
    const traced = product.productLog().filter((line) => line.traceId === traceId);
    expect(new Set(traced.map((line) => line.service))).toEqual(new Set(['gateway', 'report', 'notification']));
    expect(traced).toContainEqual(expect.objectContaining({ service: 'gateway', msg: 'incoming request', req: expect.objectContaining({ method: 'POST', url: '/api/report' }) }));
    expect(traced).toContainEqual(expect.objectContaining({ service: 'gateway', msg: 'request completed', res: { statusCode: 201 } }));
    expect(traced).toContainEqual(expect.objectContaining({ service: 'report', msg: 'event published', type: 'report.submitted' }));
    expect(traced).toContainEqual(expect.objectContaining({ service: 'notification', msg: 'report received for alert dispatch', reportId }));
    // No other report's lines in this trace.
    expect(traced.filter((line) => typeof line.reportId === 'string' && line.reportId !== reportId)).toEqual([]);
    // The SMS went out: its latency from the report's submission is measured.
    await waitUntil(
      async () => (metricValue(await scrape(product.metricsUrls.notification), 'swarm_alert_latency_seconds_count') ?? 0) > latencyBefore,
      10_000,
      'the alert latency to be observed',
    );
    // Another request is another trace.
    const other = await fetch(`${product.baseUrl}/api/config`);
    expect(other.headers.get('traceresponse')).not.toContain(traceId);
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

    const associations = await fetch(`${product.baseUrl}/api/report/${reportId}/associations`);
    expect(associations.status).toBe(200);
    expect(await associations.json()).toEqual([{ name: 'Springfield Beekeepers', donationUrl: 'https://example.org/springfield' }]);
  });

  it('accepts a report with a phone picture', async () => {
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e0b030' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .toBuffer();
    const response = await fetch(`${product.baseUrl}/api/report`, {
      method: 'POST',
      body: reportForm({ image: new File([photo], 'swarm.jpg', { type: 'image/jpeg' }) }),
    });
    expect(response.status).toBe(201);
  });

  it('answers 208 to a second report at the same address, and creates it once the reporter confirms', async () => {
    const address = springfieldAddress();
    const first = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ address }) });
    const { reportId } = (await first.json()) as { reportId: string };
    const again = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ address }) });
    expect(again.status).toBe(208);
    expect(await again.json()).toEqual({ message: 'A swarm at this address has already been successfully reported.', reportId });
    const confirmed = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ address, confirmDuplicate: 'true' }) });
    expect(confirmed.status).toBe(201);
  });

  it('answers 404 where no beekeeper covers the place and 422 for an address not from the suggestions', async () => {
    const uncovered = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ address: '1 Main St, Boise, ID, USA' }) });
    expect(uncovered.status).toBe(404);
    expect(await uncovered.json()).toEqual({ message: "We couldn't find any available beekeepers using our service in your area." });
    const unresolved = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ address: '1 Apiary Lane' }) });
    expect(unresolved.status).toBe(422);
  });

  it('takes feedback and serves the public configuration', async () => {
    const feedback = await fetch(`${product.baseUrl}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Works on my phone.', url: '/report', source: 'widget' }),
    });
    expect(feedback.status).toBe(201);
    const config = await fetch(`${product.baseUrl}/api/config`);
    // The launcher generates the run's VAPID pair in either mode when none is configured.
    expect(await config.json()).toEqual({
      recaptchaSiteKey: null,
      alertSenderNumber: null,
      reporterDataDays: 30,
      loginProviders: { google: false },
      webPushPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      mapTiles: null,
    });
  });

  it('answers 409 to a replayed submission and keeps the one report', async () => {
    const form = reportForm();
    const idempotencyId = String(form.get('idempotencyId'));
    const address = String(form.get('address'));
    const first = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
    const { reportId } = (await first.json()) as { reportId: string };
    const replay = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm({ idempotencyId, address }) });
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
