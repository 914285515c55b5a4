import { Writable } from 'node:stream';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { diag } from '@opentelemetry/api';
import { Health, HealthCheckRequestSchema } from '@swarm/proto/health/v1/health';
import { startOtlpReceiver, unreachableUrl, waitUntil, type OtlpReceiver, type ReceivedSpan } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { defineEventType } from '../events/event-type.js';
import { InProcessEventBus } from '../events/in-process-event-bus.js';
import { HealthRegistry } from '../health.js';
import { createLogger } from '../logger.js';
import { MemoryOutbox } from '../outbox/memory-outbox.js';
import { OutboxRelay } from '../outbox/outbox.js';
import { registerHealthService } from '../rpc/health-service.js';
import { traceContextClientInterceptor, traceContextServerInterceptor } from './rpc-trace.js';
import { continueTrace, currentTraceId, inSpan, openTrace, startTrace } from './trace-context.js';
import { startTraceExport, traceExportEnvShape, type TraceExport } from './trace-export.js';

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

function logLines() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
      done();
    },
  });
  return { lines, logger: createLogger({ service: 'report', destination: sink }) };
}

function only(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const named = spans.filter((span) => span.name === name);
  expect(named.map((span) => span.name), `one span named ${name} among ${spans.map((span) => span.name).join(', ')}`).toEqual([name]);
  return named[0] as ReceivedSpan;
}

describe('trace export over OTLP', () => {
  let receiver: OtlpReceiver;
  let traceExport: TraceExport | undefined;
  beforeEach(async () => {
    receiver = await startOtlpReceiver();
  });
  afterEach(async () => {
    await traceExport?.close();
    traceExport = undefined;
    await receiver.close();
  });

  it('exports a request, its RPC and its event as spans of the trace its log lines carry, under the service name', async () => {
    const { lines, logger } = logLines();
    traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, 'report', logger);
    expect(traceExport?.serviceName).toBe('report');

    const health = new HealthRegistry();
    const client = createClient(
      Health,
      createRouterTransport((router) => registerHealthService(router, health), {
        router: { interceptors: [traceContextServerInterceptor] },
        transport: { interceptors: [traceContextClientInterceptor] },
      }),
    );
    const bus = new InProcessEventBus(logger);
    const handled: (string | undefined)[] = [];
    await bus.subscribe('probe-consumer', 'probe.checked', async () => {
      handled.push(currentTraceId());
      logger.info('event handled');
    });
    const outbox = new MemoryOutbox();
    const relay = new OutboxRelay(outbox, bus, logger);
    const probeChecked = defineEventType('probe.checked', HealthCheckRequestSchema);

    const traceId = await startTrace(
      async () => {
        logger.info('request received');
        await client.check({});
        outbox.append([{ ...probeChecked.toMessage('event-1', { service: 'report' }), createdAt: new Date() }]);
        return currentTraceId();
      },
      { name: 'GET /probe', kind: 'server', attributes: { 'http.route': '/probe' } },
    );
    await relay.drain();
    await waitUntil(() => handled.length === 1, 5_000, 'the event to be handled');
    await bus.close();
    await traceExport?.close();
    traceExport = undefined;

    const spans = receiver.spans;
    expect(spans.length).toBeGreaterThan(0);
    expect(new Set(spans.map((span) => span.serviceName))).toEqual(new Set(['report']));
    // One trace, the one the log lines name.
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([traceId]));
    expect(handled).toEqual([traceId]);
    expect(lines.filter((line) => line.msg === 'request received' || line.msg === 'event handled').map((line) => line.traceId)).toEqual([traceId, traceId]);

    const request = only(spans, 'GET /probe');
    expect(request).toMatchObject({ parentSpanId: '', kind: SERVER, attributes: { 'http.route': '/probe' } });
    const [rpcClient, rpcServer] = [CLIENT, SERVER].map((kind) => {
      const matching = spans.filter((span) => span.name === 'grpc.health.v1.Health/Check' && span.kind === kind);
      expect(matching).toHaveLength(1);
      return matching[0] as ReceivedSpan;
    });
    expect(rpcClient?.parentSpanId).toBe(request.spanId);
    expect(rpcServer).toMatchObject({ parentSpanId: rpcClient?.spanId, attributes: { 'rpc.system': 'connect_rpc', 'rpc.method': 'Check' } });
    const publish = only(spans, 'publish probe.checked');
    expect(publish).toMatchObject({ parentSpanId: request.spanId, kind: PRODUCER, attributes: { 'messaging.message.id': 'event-1' } });
    expect(only(spans, 'process probe.checked')).toMatchObject({
      parentSpanId: publish.spanId,
      kind: CONSUMER,
      attributes: { 'messaging.system': 'in-process', 'messaging.consumer.group.name': 'probe-consumer' },
    });
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'exporting traces over OTLP', serviceName: 'report', protocol: 'http/json', url: `${receiver.endpoint}/v1/traces` }));
  });

  it('marks a span whose work failed, records a child span only inside a trace, and opens none for work outside one', async () => {
    const { logger } = logLines();
    traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.endpoint}/`, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'swarm-test' }, 'report', logger);
    await expect(
      startTrace(
        () =>
          inSpan({ name: 'send sms', kind: 'client' }, async () => {
            throw new Error('provider down');
          }),
        { name: 'process alerts', kind: 'consumer' },
      ),
    ).rejects.toThrow('provider down');
    inSpan({ name: 'outside any trace', kind: 'internal' }, () => undefined);
    expect(openTrace(undefined, { name: 'not started', kind: 'consumer' }, { startIfAbsent: false }).recorded).toBe(false);
    continueTrace(undefined, () => undefined, { startIfAbsent: false, span: { name: 'not started either', kind: 'consumer' } });
    await traceExport?.close();
    traceExport = undefined;

    expect(receiver.spans.map((span) => [span.serviceName, span.name, span.statusCode]).sort()).toEqual([
      ['swarm-test', 'process alerts', 2],
      ['swarm-test', 'send sms', 2],
    ]);
    expect(only(receiver.spans, 'send sms').parentSpanId).toBe(only(receiver.spans, 'process alerts').spanId);
  });

  it('sends the headers, the resource attributes and the compression asked for', async () => {
    const { logger } = logLines();
    const settings = loadConfig(traceExportEnvShape, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token, x-scope-orgid=swarm',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production,service.name=not-this-one',
    });
    traceExport = await startTraceExport(settings, 'notification', logger);
    startTrace(() => undefined, { name: 'process alerts', kind: 'consumer' });
    await traceExport?.close();
    traceExport = undefined;

    expect(receiver.exports.map((received) => [received.headers.authorization, received.headers['x-scope-orgid'], received.headers['content-encoding']])).toEqual([
      ['Bearer collector-token', 'swarm', 'gzip'],
    ]);
    expect(only(receiver.spans, 'process alerts')).toMatchObject({
      serviceName: 'notification',
      resource: { 'deployment.environment.name': 'production', 'service.name': 'notification' },
    });
  });

  it('sends binary protobuf by default', async () => {
    const { logger } = logLines();
    traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }, 'gateway', logger);
    const traceId = startTrace(() => currentTraceId(), { name: 'GET /api/config', kind: 'server' }) ?? '';
    await traceExport?.close();
    traceExport = undefined;

    expect(receiver.exports.map((received) => received.contentType)).toEqual(['application/x-protobuf']);
    const body = receiver.exports[0]?.body ?? Buffer.alloc(0);
    expect(body.includes(Buffer.from('GET /api/config'))).toBe(true);
    expect(body.includes(Buffer.from(traceId, 'hex'))).toBe(true);
    expect(body.includes(Buffer.from('gateway'))).toBe(true);
  });

  it('writes a collector it cannot reach as a warning, not as a failure of the work', async () => {
    const { lines, logger } = logLines();
    // How long one export may take, retries included: also how long the close waits for the last one.
    traceExport = await startTraceExport(
      { OTEL_EXPORTER_OTLP_ENDPOINT: await unreachableUrl(), OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TIMEOUT: 500 },
      'report',
      logger,
    );
    const closing = Date.now();
    expect(startTrace(() => 'answered', { name: 'GET /probe', kind: 'server' })).toBe('answered');
    await traceExport?.close();
    traceExport = undefined;
    expect(Date.now() - closing).toBeLessThan(3_000);
    const warnings = lines.filter((line) => line.level === 'warn' && String(line.msg).startsWith('trace export:'));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toMatchObject({ component: 'otlp' });
  });

  it('writes what the SDK reports (an export failed, spans dropped) as warnings, each message once a minute', async () => {
    const { lines, logger } = logLines();
    traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, 'report', logger);
    for (let failure = 0; failure < 3; failure += 1) diag.error('{"message":"connect ECONNREFUSED"}');
    diag.warn('Dropped 10 spans because maxQueueSize reached');
    diag.info('exporting');
    expect(lines.filter((line) => line.component === 'otlp').map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'trace export: {"message":"connect ECONNREFUSED"}'],
      ['warn', 'trace export: Dropped 10 spans because maxQueueSize reached'],
    ]);
  });

  it('starts nothing without an endpoint: no span is recorded, trace ids go on as before', async () => {
    const { lines, logger } = logLines();
    expect(await startTraceExport({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }, 'report', logger)).toBeUndefined();
    expect(openTrace(undefined, { name: 'GET /probe', kind: 'server' }).recorded).toBe(false);
    expect(startTrace(() => currentTraceId(), { name: 'GET /probe', kind: 'server' })).toMatch(/^[0-9a-f]{32}$/);
    expect(lines).toEqual([]);
    expect(receiver.exports).toEqual([]);
  });
});

describe('the trace export variables', () => {
  it('default to protobuf and read an empty variable as unset', () => {
    const defaults = { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_EXPORTER_OTLP_TIMEOUT: 10_000, OTEL_EXPORTER_OTLP_COMPRESSION: 'none' };
    expect(loadConfig(traceExportEnvShape, {})).toEqual(defaults);
    const empty = Object.fromEntries(Object.keys(traceExportEnvShape).map((variable) => [variable, '']));
    expect(loadConfig(traceExportEnvShape, empty)).toEqual(defaults);
    expect(
      loadConfig(traceExportEnvShape, {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.org:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: ' api-key = a%2Cb%3Dc ,tenant=swarm',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=staging',
        OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
      }),
    ).toMatchObject({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.org:4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: { 'api-key': 'a,b=c', tenant: 'swarm' },
      OTEL_RESOURCE_ATTRIBUTES: { 'deployment.environment.name': 'staging' },
      OTEL_EXPORTER_OTLP_TIMEOUT: 2_500,
    });
  });

  it('refuse an endpoint that is not an http(s) URL and a protocol other than OTLP over HTTP, naming the variable', () => {
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: .*"collector:4318"/);
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL: .*"grpc"/,
    );
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_HEADERS: 'Bearer abc' })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS: a comma-separated list of key=value/);
    expect(() => loadConfig(traceExportEnvShape, { OTEL_RESOURCE_ATTRIBUTES: 'a=1,,b=2' })).toThrow(/OTEL_RESOURCE_ATTRIBUTES/);
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_TIMEOUT: '10s' })).toThrow(/OTEL_EXPORTER_OTLP_TIMEOUT/);
    expect(() => loadConfig(traceExportEnvShape, { OTEL_EXPORTER_OTLP_COMPRESSION: 'brotli' })).toThrow(/OTEL_EXPORTER_OTLP_COMPRESSION/);
  });
});
