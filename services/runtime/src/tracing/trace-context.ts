import { randomFillSync } from 'node:crypto';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  context,
  isSpanContextValid,
  propagation,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/** The W3C header (and event, outbox and job field) that carries a trace from one part of the product to the next. */
export const TRACEPARENT = 'traceparent';

let installed = false;

/**
 * The OpenTelemetry API: the context follows the work through async calls (AsyncLocalStorage) and travels between
 * processes as a W3C `traceparent`; the trace id ties together the log lines of one report in every service. Spans are
 * recorded only while a tracer is set (the OTLP export, see trace-export.ts); otherwise no SDK is loaded at all.
 */
function install(): void {
  if (installed) return;
  installed = true;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** What a span is to the part that opens it, in OpenTelemetry's kinds. */
export type SpanRole = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

/** The span a hop records while spans are exported: its name, its kind and what describes it. */
export type SpanSpec = { name: string; kind: SpanRole; attributes?: Attributes };

/**
 * The span of one run of a delayed job, as OpenTelemetry names the processing of a message: `process {queue}`, a
 * consumer of the queue, with the job's id and what the service says of it (`swarm.*` attributes).
 */
export function queuedJobSpan(where: { system: 'bullmq' | 'in-process'; queue: string }, jobId: string, attributes: Attributes): SpanSpec {
  return {
    name: `process ${where.queue}`,
    kind: 'consumer',
    attributes: {
      'messaging.system': where.system,
      'messaging.operation.type': 'process',
      'messaging.destination.name': where.queue,
      'messaging.message.id': jobId,
      ...attributes,
    },
  };
}

const SPAN_KINDS: Record<SpanRole, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

/** The SDK's tracer while spans are exported; undefined otherwise, and then no span is recorded. */
let recordingTracer: Tracer | undefined;

/** Records the spans of every later hop with `tracer` (undefined: stop recording). Set by the trace export only. */
export function recordSpansWith(tracer: Tracer | undefined): void {
  install();
  recordingTracer = tracer;
}

/** Whether spans are being recorded for export now. */
export function recordingSpans(): boolean {
  return recordingTracer !== undefined;
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

/** A hop opened and not yet ended: work runs in it, and it ends once, when its work is over. */
export type TraceHop = {
  /** Whether the hop is a span being recorded for export. */
  readonly recorded: boolean;
  run<T>(work: () => T): T;
  /** Ends the hop's span, if one is recorded, with what was learnt meanwhile; a failure marks the span as an error. */
  end(outcome?: { failure?: unknown; attributes?: Attributes }): void;
};

const UNTRACED: TraceHop = { recorded: false, run: (work) => context.with(ROOT_CONTEXT, work), end: () => undefined };

/**
 * Opens a hop of the trace a `traceparent` names (a new trace without a valid one; with `startIfAbsent: false`, no
 * trace at all). While spans are exported, the hop is the span `span` describes, a child of the caller's span.
 */
export function openTrace(traceparent: string | undefined, span: SpanSpec | undefined, options: { startIfAbsent?: boolean } = {}): TraceHop {
  install();
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { [TRACEPARENT]: traceparent }) : ROOT_CONTEXT;
  if (recordingTracer && span) {
    const incoming = trace.getSpanContext(parent);
    if (!(incoming && isSpanContextValid(incoming)) && !(options.startIfAbsent ?? true)) return UNTRACED;
    return recordedHop(recordingTracer.startSpan(span.name, spanOptions(span), parent));
  }
  const next = hop(parent, options.startIfAbsent ?? true);
  return next ? { recorded: false, run: (work) => context.with(next, work), end: () => undefined } : UNTRACED;
}

function spanOptions(span: SpanSpec) {
  return { kind: SPAN_KINDS[span.kind], ...(span.attributes ? { attributes: span.attributes } : {}) };
}

function recordedHop(span: Span): TraceHop {
  const running = trace.setSpan(ROOT_CONTEXT, span);
  let ended = false;
  return {
    recorded: true,
    run: (work) => context.with(running, work),
    end: (outcome = {}) => {
      if (ended) return;
      ended = true;
      if (outcome.attributes) span.setAttributes(outcome.attributes);
      if (outcome.failure !== undefined) markFailed(span, outcome.failure);
      span.end();
    },
  };
}

function markFailed(span: Span, failure: unknown): void {
  if (failure instanceof Error) span.recordException(failure);
  span.setStatus({ code: SpanStatusCode.ERROR, message: failure instanceof Error ? failure.message : String(failure) });
}

/** Runs `work` in `hop` and ends the hop when the work returns, throws, or (for a promise) settles. */
function runToEnd<T>(traceHop: TraceHop, work: () => T): T {
  let result: T;
  try {
    result = traceHop.run(work);
  } catch (error) {
    traceHop.end({ failure: error });
    throw error;
  }
  if (result instanceof Promise) {
    result.then(
      () => traceHop.end(),
      (error: unknown) => traceHop.end({ failure: error }),
    );
  } else traceHop.end();
  return result;
}

/**
 * Runs `work` in the trace a `traceparent` names, as a new hop of it; without a valid one, in a new trace (or, with
 * `startIfAbsent: false`, outside any trace). Everything `work` calls, awaits, logs and sends carries that trace.
 * While spans are exported, the hop is recorded as the span `options.span` describes, ended when the work is over.
 */
export function continueTrace<T>(traceparent: string | undefined, work: () => T, options: { startIfAbsent?: boolean; span?: SpanSpec } = {}): T {
  const traceHop = openTrace(traceparent, options.span, options);
  return traceHop.recorded ? runToEnd(traceHop, work) : traceHop.run(work);
}

/** Runs `work` in a new trace of its own (a request arriving at the public edge). */
export function startTrace<T>(work: () => T, span?: SpanSpec): T {
  return continueTrace(undefined, work, span ? { span } : {});
}

/**
 * Runs `work` in a child span of the running one while spans are exported (an outgoing call, an SMS handed to its
 * provider); otherwise, and outside a trace, just runs it.
 */
export function inSpan<T>(span: SpanSpec, work: () => T): T {
  install();
  const parent = context.active();
  const parentSpan = trace.getSpanContext(parent);
  if (!recordingTracer || !(parentSpan && isSpanContextValid(parentSpan))) return work();
  const child = recordingTracer.startSpan(span.name, spanOptions(span), parent);
  return runToEnd(recordedHop(child), work);
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
