import { randomFillSync } from 'node:crypto';
import { ROOT_CONTEXT, TraceFlags, context, isSpanContextValid, propagation, trace, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/** The W3C header (and event, outbox and job field) that carries a trace from one part of the product to the next. */
export const TRACEPARENT = 'traceparent';

let installed = false;

/**
 * The OpenTelemetry API without an SDK: the context follows the work through async calls (AsyncLocalStorage) and
 * travels between processes as a W3C `traceparent`. No spans are recorded or exported; the trace id ties together
 * the log lines of one report in every service.
 */
function install(): void {
  if (installed) return;
  installed = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/**
 * Random bytes for trace and span ids, drawn from a pool filled 4 KB at a time: every RPC, event and job starts a
 * hop, and a system call for 8 bytes each time was a measurable share of a report's CPU.
 */
const randomPool = Buffer.alloc(4096);
let randomPoolOffset = randomPool.length;

/** `bytes` random bytes as lowercase hex, never all zeros (the W3C trace context's invalid id). */
function randomHexId(bytes: number): string {
  for (;;) {
    if (randomPoolOffset + bytes > randomPool.length) {
      randomFillSync(randomPool);
      randomPoolOffset = 0;
    }
    const id = randomPool.toString('hex', randomPoolOffset, randomPoolOffset + bytes);
    randomPoolOffset += bytes;
    if (!/^0+$/.test(id)) return id;
  }
}

/** This hop's own span id under the trace it continues (or a new trace), as each W3C participant has. */
function hop(parent: Context, startIfAbsent: boolean): Context | undefined {
  const incoming = trace.getSpanContext(parent);
  const continued = incoming && isSpanContextValid(incoming);
  if (!continued && !startIfAbsent) return undefined;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: continued ? incoming.traceId : randomHexId(16),
    spanId: randomHexId(8),
    traceFlags: continued ? incoming.traceFlags : TraceFlags.SAMPLED,
  });
}

/**
 * Runs `work` in the trace a `traceparent` names, as a new hop of it; without a valid one, in a new trace (or, with
 * `startIfAbsent: false`, outside any trace). Everything `work` calls, awaits, logs and sends carries that trace.
 */
export function continueTrace<T>(traceparent: string | undefined, work: () => T, options: { startIfAbsent?: boolean } = {}): T {
  install();
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { [TRACEPARENT]: traceparent }) : ROOT_CONTEXT;
  const next = hop(parent, options.startIfAbsent ?? true);
  return next ? context.with(next, work) : context.with(ROOT_CONTEXT, work);
}

/** Runs `work` in a new trace of its own (a request arriving at the public edge). */
export function startTrace<T>(work: () => T): T {
  return continueTrace(undefined, work);
}

/** Runs `work` outside any trace: a timer armed during one request must not lend that request's trace to later work. */
export function outsideTrace<T>(work: () => T): T {
  install();
  return context.with(ROOT_CONTEXT, work);
}

/** The `traceparent` of the work running now, to hand to the next part; undefined outside a trace. */
export function currentTraceparent(): string | undefined {
  install();
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT];
}

/** The trace id of the work running now (32 hex digits), as log lines carry it; undefined outside a trace. */
export function currentTraceId(): string | undefined {
  install();
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? span.traceId : undefined;
}
