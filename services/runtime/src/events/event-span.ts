import type { SpanSpec } from '../tracing/trace-context.js';

/**
 * The span of publishing an event or of one consumer handling it, as OpenTelemetry names messaging spans:
 * `publish report.submitted`, `process report.submitted`.
 */
export function eventSpan(operation: 'publish' | 'process', event: { id: string; type: string }, where: { system?: string; consumer?: string } = {}): SpanSpec {
  return {
    name: `${operation} ${event.type}`,
    kind: operation === 'publish' ? 'producer' : 'consumer',
    attributes: {
      'messaging.operation.type': operation,
      'messaging.destination.name': event.type,
      'messaging.message.id': event.id,
      ...(where.system ? { 'messaging.system': where.system } : {}),
      ...(where.consumer ? { 'messaging.consumer.group.name': where.consumer } : {}),
    },
  };
}
