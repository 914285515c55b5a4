import { randomUUID } from 'node:crypto';
import { startOtlpReceiver, waitUntil, type OtlpReceiver, type ReceivedSpan } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, startEmbeddedProduct, type RunningProduct } from './product-harness.js';

/** Springfield, IL as the offline geocoder places it: a beekeeper lives there. */
const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501, address: '9 Hive Road, Springfield, IL, USA' };

function reportForm(): FormData {
  const fields: Record<string, string> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Basketball',
    elevation: '12',
    address: '1 Apiary Lane, Springfield, IL, USA',
    recaptchaToken: 'dev-token',
    idempotencyId: randomUUID(),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The spans from `span` up to the root of its trace, by their parents; throws on a parent that was not exported. */
function pathToRoot(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const path = [span];
  for (let current = span; current.parentSpanId !== ''; ) {
    const parent = spans.find((candidate) => candidate.spanId === current.parentSpanId);
    if (!parent) throw new Error(`the parent of ${current.name} (${current.serviceName}) was not exported`);
    path.push(parent);
    current = parent;
  }
  return path.reverse();
}

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

const modes: [string, (env: Record<string, string>) => Promise<RunningProduct>, Record<'gateway' | 'report' | 'notification', string>][] = [
  ['embedded (one process, one tracer provider)', startEmbeddedProduct, { gateway: 'swarm-alert', report: 'swarm-alert', notification: 'swarm-alert' }],
  [
    'distributed (a process per service, NATS JetStream, BullMQ)',
    (env) => startDistributedProduct(env),
    { gateway: 'gateway', report: 'report', notification: 'notification' },
  ],
];

describe.each(modes)('traces exported over OTLP, %s', (_mode, start, serviceOf) => {
  let receiver: OtlpReceiver;
  let product: RunningProduct | undefined;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    product = await start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
    await product.coverPlace({ ...SPRINGFIELD, associationName: 'Springfield Beekeepers', donationUrl: 'https://example.org/springfield' });
  });
  afterAll(async () => {
    await product?.stop();
    await receiver?.close();
  });

  it('follows one report from POST /api/report to the alert SMS in one trace, the one its log lines carry', async () => {
    const running = product as RunningProduct;
    const response = await fetch(`${running.baseUrl}/api/report`, { method: 'POST', body: reportForm() });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };
    const traceId = /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(response.headers.get('traceresponse') ?? '')?.[1];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await waitUntil(
      () => running.notificationLog().some((line) => line.msg === 'alert sent' && line.reportId === reportId && line.traceId === traceId),
      20_000,
      'the alert SMS to be logged in the report’s trace',
    );
    // Stopping exports the spans still waiting in each process's batch.
    await running.stop();
    product = undefined;

    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    const root = spans.find((span) => span.parentSpanId === '');
    expect(root).toMatchObject({ name: 'POST /api/report', kind: SERVER, serviceName: serviceOf.gateway, attributes: { 'http.response.status_code': 201 } });

    const alertJob = spans.find((span) => span.name === 'process alerts' && span.attributes['swarm.job.kind'] === 'alert' && span.attributes['swarm.report.id'] === reportId);
    expect(alertJob, `an alert job span among ${spans.map((span) => span.name).join(', ')}`).toBeDefined();
    const sms = spans.find((span) => span.name === 'send sms' && span.parentSpanId === alertJob?.spanId);
    expect(sms).toMatchObject({ kind: CLIENT, serviceName: serviceOf.notification });

    // One unbroken chain of exported spans, from the request through the report service, the event and the job.
    const path = pathToRoot(sms as ReceivedSpan, spans).map((span) => ({ name: span.name, kind: span.kind, service: span.serviceName }));
    expect(path[0]).toEqual({ name: 'POST /api/report', kind: SERVER, service: serviceOf.gateway });
    expect(path).toContainEqual({ name: 'swarm.report.v1.ReportService/SubmitReport', kind: CLIENT, service: serviceOf.gateway });
    expect(path).toContainEqual({ name: 'swarm.report.v1.ReportService/SubmitReport', kind: SERVER, service: serviceOf.report });
    expect(path).toContainEqual({ name: 'publish report.submitted', kind: PRODUCER, service: serviceOf.report });
    expect(path).toContainEqual({ name: 'process report.submitted', kind: CONSUMER, service: serviceOf.notification });
    expect(path.slice(-2)).toEqual([
      { name: 'process alerts', kind: CONSUMER, service: serviceOf.notification },
      { name: 'send sms', kind: CLIENT, service: serviceOf.notification },
    ]);
  });
});
