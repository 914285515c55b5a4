import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, startTraceExport, type TraceExport } from '@swarm/runtime';
import { startOtlpReceiver, testLogger, type OtlpReceiver } from '@swarm/testing';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TracedRequestLogs, traceRequests, type RequestLogLevel } from './observability.js';

/** A Fastify app with the gateway's request logging, a route that answers and one that fails, and its log lines. */
async function appLogging(requestLogLevel: RequestLogLevel | undefined, loggerLevel: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger({ service: 'gateway', level: loggerLevel, destination: sink });
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, logController: new TracedRequestLogs(requestLogLevel) });
  traceRequests(app, requestLogLevel);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/api/alerts/claim/:token', async () => ({ claimed: true }));
  app.get('/broken', async () => {
    throw new Error('the database went away');
  });
  await app.ready();
  return { app, requestLines: () => lines.filter((line) => line.reqId !== undefined).map((line) => [line.level, line.msg]) };
}

describe('the request lines', () => {
  it('are written at info by default, in and out', async () => {
    const { app, requestLines } = await appLogging(undefined, 'info');
    await app.inject('/ok');
    expect(requestLines()).toEqual([
      ['info', 'incoming request'],
      ['info', 'request completed'],
    ]);
  });

  it('at debug, are left out of an info log, while a failed request is still written at error', async () => {
    const { app, requestLines } = await appLogging('debug', 'info');
    await app.inject('/ok');
    expect(requestLines()).toEqual([]);

    expect((await app.inject('/broken')).statusCode).toBe(500);
    expect(requestLines()).toEqual([['error', 'the database went away']]);
  });

  it('at debug, are written when the log is at debug', async () => {
    const { app, requestLines } = await appLogging('debug', 'debug');
    await app.inject('/ok');
    expect(requestLines()).toEqual([
      ['debug', 'incoming request'],
      ['debug', 'request completed'],
    ]);
  });
});

describe('the request spans, while traces are exported', () => {
  let receiver: OtlpReceiver;
  let traceExport: TraceExport | undefined;
  beforeEach(async () => {
    receiver = await startOtlpReceiver();
    traceExport = await startTraceExport({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, 'gateway', testLogger());
  });
  afterEach(async () => {
    await traceExport?.close();
    await receiver.close();
  });

  it('are the roots of their traces, named by the route pattern, with the status, the failures marked', async () => {
    const { app } = await appLogging(undefined, 'silent');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const answers = await Promise.all(['/ok', '/broken', '/api/alerts/claim/secret-token', '/nowhere'].map((path) => fetch(`${base}${path}`)));
    await app.close();
    await traceExport?.close();
    traceExport = undefined;

    const spans = receiver.spans.map((span) => ({ name: span.name, traceId: span.traceId, parent: span.parentSpanId, status: span.attributes['http.response.status_code'], failed: span.statusCode === 2 }));
    const traceIds = answers.map((answer) => /^00-([0-9a-f]{32})-[0-9a-f]{16}-01$/.exec(answer.headers.get('traceresponse') ?? '')?.[1]);
    expect(spans.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'GET', traceId: traceIds[3], parent: '', status: 404, failed: false },
      { name: 'GET /api/alerts/claim/:token', traceId: traceIds[2], parent: '', status: 200, failed: false },
      { name: 'GET /broken', traceId: traceIds[1], parent: '', status: 500, failed: true },
      { name: 'GET /ok', traceId: traceIds[0], parent: '', status: 200, failed: false },
    ]);
    expect(new Set(traceIds).size).toBe(4);
    // The claim token is in the URL only, never in what is exported.
    expect(receiver.exports.some((received) => received.body.toString().includes('secret-token'))).toBe(false);
  });
});
