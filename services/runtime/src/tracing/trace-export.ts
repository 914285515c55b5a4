import { DiagLogLevel, diag, type DiagLogger } from '@opentelemetry/api';
import { z } from 'zod';
import { withoutCredentials } from '../connection-watch.js';
import type { Logger } from '../logger.js';
import { recordSpansWith, recordingSpans } from './trace-context.js';

/** Compose and Kubernetes pass a declared but empty variable as ''; that means "not set". */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A value percent-decoded as the W3C baggage format has it; kept as written when it is not valid percent-encoding. */
function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * `key=value,key=value`, as OpenTelemetry writes OTEL_EXPORTER_OTLP_HEADERS and OTEL_RESOURCE_ATTRIBUTES (W3C baggage
 * format: spaces around entries ignored, values percent-encoded).
 */
const keyValueList = z
  .string()
  .regex(/^\s*[^\s=,]+\s*=[^,]*(,\s*[^\s=,]+\s*=[^,]*)*$/, 'a comma-separated list of key=value')
  .transform((list) =>
    Object.fromEntries(
      list.split(',').map((entry) => {
        const separator = entry.indexOf('=');
        return [entry.slice(0, separator).trim(), percentDecoded(entry.slice(separator + 1).trim())];
      }),
    ),
  );

/** The OpenTelemetry variables the product reads, with their standard names and meanings. */
export const traceExportEnvShape = {
  /** An OTLP/HTTP receiver (a collector, Jaeger, Tempo): spans go to {endpoint}/v1/traces. Unset, no span is recorded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/, error: 'an http:// or https:// URL' })),
  /** OTLP over HTTP only (gRPC would need another client library): binary protobuf, the standard default, or JSON. */
  OTEL_EXPORTER_OTLP_PROTOCOL: unsetWhenEmpty(z.enum(['http/protobuf', 'http/json'])).transform((protocol) => protocol ?? 'http/protobuf'),
  /** Headers of every export, a hosted collector's credentials (`authorization=Bearer%20…`). */
  OTEL_EXPORTER_OTLP_HEADERS: unsetWhenEmpty(keyValueList),
  /** How long one export may take, retries included; also the longest a stopping process waits for its last spans. */
  OTEL_EXPORTER_OTLP_TIMEOUT: unsetWhenEmpty(z.coerce.number().int().positive()).transform((ms) => ms ?? 10_000),
  OTEL_EXPORTER_OTLP_COMPRESSION: unsetWhenEmpty(z.enum(['gzip', 'none'])).transform((compression) => compression ?? 'none'),
  /** The `service.name` of the spans; the part's own name when unset (`swarm-alert` for the embedded product). */
  OTEL_SERVICE_NAME: unsetWhenEmpty(z.string().trim().min(1).max(200)),
  /** More attributes of every span's resource (`deployment.environment.name=production`). */
  OTEL_RESOURCE_ATTRIBUTES: unsetWhenEmpty(keyValueList),
};

export type TraceExportSettings = Partial<z.infer<z.ZodObject<typeof traceExportEnvShape>>>;

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
  const [{ BatchSpanProcessor, TracerProvider }, { defaultResource, resourceFromAttributes }, { OTLPTraceExporter }] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    settings.OTEL_EXPORTER_OTLP_PROTOCOL === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
  ]);
  type ExporterOptions = NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>;
  const serviceName = settings.OTEL_SERVICE_NAME ?? defaultServiceName;
  const protocol = settings.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf';
  const url = tracesUrl(endpoint);
  diag.setLogger(exportDiagnostics(logger.child({ component: 'otlp' })), DiagLogLevel.WARN);
  // Every setting is passed from the validated configuration: the exporter would otherwise read some of them from
  // process.env, which is not the configuration of an embedded product started with an environment of its own.
  const exporter = new OTLPTraceExporter({
    url,
    headers: settings.OTEL_EXPORTER_OTLP_HEADERS ?? {},
    timeoutMillis: settings.OTEL_EXPORTER_OTLP_TIMEOUT ?? 10_000,
    compression: (settings.OTEL_EXPORTER_OTLP_COMPRESSION ?? 'none') as ExporterOptions['compression'],
  });
  const provider = new TracerProvider({
    // The service name is always the part's (or OTEL_SERVICE_NAME), whatever OTEL_RESOURCE_ATTRIBUTES says.
    resource: defaultResource()
      .merge(resourceFromAttributes(settings.OTEL_RESOURCE_ATTRIBUTES ?? {}))
      .merge(resourceFromAttributes({ 'service.name': serviceName })),
    spanProcessors: [new BatchSpanProcessor({ exporter })],
  });
  recordSpansWith(provider.getTracer('swarm-alert'));
  logger.info({ url: withoutCredentials(url), protocol, serviceName }, 'exporting traces over OTLP');
  return {
    serviceName,
    close: async () => {
      recordSpansWith(undefined);
      // Waits for the last export at most OTEL_EXPORTER_OTLP_TIMEOUT; a collector away loses those spans only.
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
