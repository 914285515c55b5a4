import { Writable } from 'node:stream';
import { createLogger } from '@swarm/runtime';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
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
