import { Writable } from 'node:stream';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { Health, HealthCheckRequestSchema } from '@swarm/proto/health/v1/health';
import { describe, expect, it } from 'vitest';
import { defineEventType } from '../events/event-type.js';
import { HealthRegistry } from '../health.js';
import { createLogger } from '../logger.js';
import { registerHealthService } from '../rpc/health-service.js';
import { traceContextClientInterceptor, traceContextServerInterceptor } from './rpc-trace.js';
import { continueTrace, currentTraceId, currentTraceparent, outsideTrace, startTrace } from './trace-context.js';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace context', () => {
  it('continues a W3C trace as a new hop of it, and starts one when there is none', async () => {
    const incoming = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const hop = continueTrace(incoming, () => currentTraceparent());
    expect(hop).toMatch(TRACEPARENT);
    expect(TRACEPARENT.exec(hop ?? '')?.[1]).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(TRACEPARENT.exec(hop ?? '')?.[2]).not.toBe('00f067aa0ba902b7');

    const fresh = [startTrace(() => currentTraceId()), continueTrace('not a traceparent', () => currentTraceId())];
    for (const traceId of fresh) expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh[0]).not.toBe(fresh[1]);
    expect(continueTrace(undefined, () => currentTraceId(), { startIfAbsent: false })).toBeUndefined();
    expect(currentTraceId()).toBeUndefined();
  });

  it('gives every trace and hop ids of its own, well past one fill of the random pool', () => {
    const traceparents = Array.from({ length: 1_000 }, () => startTrace(() => currentTraceparent() ?? ''));
    for (const traceparent of traceparents) expect(traceparent).toMatch(TRACEPARENT);
    expect(new Set(traceparents.map((traceparent) => TRACEPARENT.exec(traceparent)?.[1])).size).toBe(1_000);
    expect(new Set(traceparents.map((traceparent) => TRACEPARENT.exec(traceparent)?.[2])).size).toBe(1_000);
  });

  it('follows the work across awaits and timers, and not into work armed outside it', async () => {
    const [inside, armedOutside] = await startTrace(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const inside = currentTraceId();
      const armedOutside = await outsideTrace(() => new Promise<string | undefined>((resolve) => setTimeout(() => resolve(currentTraceId()), 5)));
      return [inside, armedOutside];
    });
    expect(inside).toMatch(/^[0-9a-f]{32}$/);
    expect(armedOutside).toBeUndefined();
  });

  it('writes the trace id in every log line written in the trace, and none outside', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>));
        done();
      },
    });
    const logger = createLogger({ service: 'report', destination: sink });
    const traceId = startTrace(() => {
      logger.info('inside');
      logger.child({ component: 'relay' }).warn('inside, from a child logger');
      return currentTraceId();
    });
    logger.info('outside');
    expect(lines.map((line) => [line.msg, line.traceId])).toEqual([
      ['inside', traceId],
      ['inside, from a child logger', traceId],
      ['outside', undefined],
    ]);
  });

  it('carries the trace through a Connect call in the traceparent header', async () => {
    const seen: { traceId: string | undefined; header: string | null }[] = [];
    const health = new HealthRegistry();
    health.register('probe', async () => {
      seen.push({ traceId: currentTraceId(), header: null });
      return true;
    });
    const transport = createRouterTransport((router) => registerHealthService(router, health), {
      router: {
        interceptors: [
          (next) => async (request) => {
            const response = await next(request);
            seen.push({ traceId: undefined, header: request.header.get('traceparent') });
            return response;
          },
          traceContextServerInterceptor,
        ],
      },
      transport: { interceptors: [traceContextClientInterceptor] },
    });
    const client = createClient(Health, transport);
    const traceId = await startTrace(async () => {
      await client.check({});
      return currentTraceId();
    });
    expect(seen[0]?.traceId).toBe(traceId);
    expect(TRACEPARENT.exec(seen[1]?.header ?? '')?.[1]).toBe(traceId);
  });

  it('puts the trace of the work raising an event on the event', () => {
    const eventType = defineEventType('health.checked', HealthCheckRequestSchema);
    const traced = startTrace(() => ({ message: eventType.toMessage('e1', { service: 'report' }), traceparent: currentTraceparent() }));
    expect(traced.message.traceparent).toBe(traced.traceparent);
    expect(eventType.toMessage('e2', { service: 'report' })).not.toHaveProperty('traceparent');
  });
});
