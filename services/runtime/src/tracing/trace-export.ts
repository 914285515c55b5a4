import { DiagLogLevel, diag, type DiagLogger } from '@opentelemetry/api';
import { z } from 'zod';
import { withoutCredentials } from '../connection-watch.js';
import type { Logger } from '../logger.js';
import { recordSpansWith, recordingSpans } from './trace-context.js';

/** Compose and Kubernetes pass a declared but empty variable as ''; that means "not set". */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The OpenTelemetry variables the product reads (their standard names and meanings). The exporter itself reads the
 * others it knows from the process environment: OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION…
 */
export const traceExportEnvShape = {
  /** An OTLP/HTTP receiver (a collector, Jaeger, Tempo): spans go to {endpoint}/v1/traces. Unset, no span is recorded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' })),
  /** OTLP over HTTP only (gRPC would need another client library): binary protobuf, the standard default, or JSON. */
  OTEL_EXPORTER_OTLP_PROTOCOL: unsetWhenEmpty(z.enum(['http/protobuf', 'http/json'])).transform((protocol) => protocol ?? 'http/protobuf'),
  /** The `service.name` of the spans; the part's own name when unset (`swarm-alert` for the embedded product). */
  OTEL_SERVICE_NAME: unsetWhenEmpty(z.string().trim().min(1).max(200)),
};

export type TraceExportSettings = {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' | 'http/json';
  OTEL_SERVICE_NAME?: string | undefined;
};

export type TraceExport = {
  serviceName: string;
  /** Exports the spans still waiting, then stops recording. */
  close: () => Promise<void>;
};

/** The OTLP path of traces under the endpoint, as the OpenTelemetry specification appends it. */
function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * When OTEL_EXPORTER_OTLP_ENDPOINT is set, loads the OpenTelemetry SDK and the OTLP exporter (imported here only, so
 * a process without the variable never loads them) and records a span for every hop of a trace: HTTP requests, RPCs,
 * events and jobs, exported in batches under this process's service name. The trace ids stay those the logs carry.
 * Unset, does nothing and answers undefined. One export per process: the embedded product's parts share it.
 */
export async function startTraceExport(settings: TraceExportSettings, defaultServiceName: string, logger: Logger): Promise<TraceExport | undefined> {
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  if (recordingSpans()) throw new Error('spans are already exported by this process');
  const [{ BatchSpanProcessor, TracerProvider }, { defaultResource, detectResources, envDetector, resourceFromAttributes }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    settings.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  const serviceName = settings.OTEL_SERVICE_NAME ?? defaultServiceName;
  const url = tracesUrl(endpoint);
  diag.setLogger(exportDiagnostics(logger.child({ component: 'otlp' })), DiagLogLevel.WARN);
  const provider = new TracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (deployment.environment…) apply; the service name is always the part's.
    resource: defaultResource().merge(detectResources({ detectors: [envDetector] })).merge(resourceFromAttributes({ 'service.name': serviceName })),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url }) })],
  });
  recordSpansWith(provider.getTracer('swarm-alert'));
  logger.info({ url: withoutCredentials(url), protocol: settings.OTEL_EXPORTER_OTLP_PROTOCOL, serviceName }, 'exporting traces over OTLP');
  return {
    serviceName,
    close: async () => {
      recordSpansWith(undefined);
      // Waits for the last export at most OTEL_EXPORTER_OTLP_TIMEOUT (10 s); a collector away loses those spans only.
      await provider
        .shutdown()
        .catch((error: unknown) => logger.warn({ component: 'otlp', err: error }, 'trace export: the last spans were not exported'))
        .finally(() => diag.disable());
    },
  };
}

/** How often one diagnostic of the SDK is written: a collector that is down fails every batch, every few seconds. */
const DIAGNOSTIC_REPEAT_MS = 60_000;

/** The SDK's warnings and errors (a collector unreachable, spans dropped) as log lines, each message once a minute. */
function exportDiagnostics(logger: Logger): DiagLogger {
  const lastWritten = new Map<string, number>();
  const write = (message: string, args: unknown[]) => {
    const now = Date.now();
    if (now - (lastWritten.get(message) ?? -Infinity) < DIAGNOSTIC_REPEAT_MS) return;
    if (lastWritten.size > 100) lastWritten.clear();
    lastWritten.set(message, now);
    const [first] = args;
    logger.warn(first instanceof Error ? { err: first } : {}, `trace export: ${message}`);
  };
  const ignore = () => undefined;
  return { error: (message, ...args) => write(message, args), warn: (message, ...args) => write(message, args), info: ignore, debug: ignore, verbose: ignore };
}
