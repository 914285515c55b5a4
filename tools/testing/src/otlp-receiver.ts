import { createServer, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/JSON export carries it, flattened with the service that sent it. */
export type ReceivedSpan = {
  serviceName: string;
  traceId: string;
  spanId: string;
  /** Empty for the root span of a trace. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The attributes of the resource that sent it (service.name, telemetry.sdk.*, OTEL_RESOURCE_ATTRIBUTES). */
  resource: Record<string, string | number | boolean>;
  /** 2 when the span failed. */
  statusCode: number;
};

/** An export request as it arrived: its headers, its content type and its bytes (gunzipped when it was compressed). */
export type ReceivedExport = { headers: IncomingHttpHeaders; contentType: string; body: Buffer };

type JsonValue = { stringValue?: string; intValue?: number | string; doubleValue?: number; boolValue?: boolean };
type JsonSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: JsonValue }[];
  status?: { code?: number };
};
type JsonExport = {
  resourceSpans?: { resource?: { attributes?: { key: string; value: JsonValue }[] }; scopeSpans?: { spans?: JsonSpan[] }[] }[];
};

function plainValue(value: JsonValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  return value.boolValue ?? '';
}

function attributesOf(list: { key: string; value: JsonValue }[] = []): Record<string, string | number | boolean> {
  return Object.fromEntries(list.map(({ key, value }) => [key, plainValue(value)]));
}

/**
 * An OTLP/HTTP receiver on a free local port, as a collector (Jaeger, Tempo, the OpenTelemetry Collector) takes
 * traces: POST /v1/traces, answered 200 with an empty export response. JSON exports are decoded into spans; every
 * export is kept as it came, protobuf ones included.
 */
export async function startOtlpReceiver() {
  const exports: ReceivedExport[] = [];
  const spans: ReceivedSpan[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.method !== 'POST' || incoming.url !== '/v1/traces') {
        outgoing.writeHead(404).end();
        return;
      }
      const contentType = incoming.headers['content-type'] ?? '';
      const received = Buffer.concat(chunks);
      const body = incoming.headers['content-encoding'] === 'gzip' ? gunzipSync(received) : received;
      exports.push({ headers: incoming.headers, contentType, body });
      if (contentType.startsWith('application/json')) {
        for (const resourceSpans of (JSON.parse(body.toString()) as JsonExport).resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          const serviceName = String(resource['service.name'] ?? '');
          for (const span of (resourceSpans.scopeSpans ?? []).flatMap((scope) => scope.spans ?? [])) {
            spans.push({
              serviceName,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              resource,
              statusCode: span.status?.code ?? 0,
            });
          }
        }
      }
      outgoing.writeHead(200, { 'content-type': contentType || 'application/json' });
      outgoing.end(contentType.startsWith('application/json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
    endpoint: `http://127.0.0.1:${port}`,
    exports,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
