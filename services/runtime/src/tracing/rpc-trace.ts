import type { Interceptor, StreamRequest, UnaryRequest } from '@connectrpc/connect';
import { TRACEPARENT, continueTrace, currentTraceparent, inSpan, type SpanSpec } from './trace-context.js';

/** The span of one Connect call, named as OpenTelemetry names RPC spans: `package.Service/Method`. */
function rpcSpan(request: UnaryRequest | StreamRequest, kind: 'client' | 'server'): SpanSpec {
  return {
    name: `${request.service.typeName}/${request.method.name}`,
    kind,
    attributes: { 'rpc.system': 'connect_rpc', 'rpc.service': request.service.typeName, 'rpc.method': request.method.name },
  };
}

/**
 * A Connect client interceptor: each call carries the caller's trace in a `traceparent` header (while spans are
 * exported, the trace of the call's own client span).
 */
export const traceContextClientInterceptor: Interceptor = (next) => async (request) =>
  inSpan(rpcSpan(request, 'client'), async () => {
    const traceparent = currentTraceparent();
    if (traceparent && !request.header.has(TRACEPARENT)) request.header.set(TRACEPARENT, traceparent);
    return next(request);
  });

/** A Connect server interceptor: the call runs in the caller's trace (or a new one, for a caller without). */
export const traceContextServerInterceptor: Interceptor = (next) => async (request) =>
  continueTrace(request.header.get(TRACEPARENT) ?? undefined, () => next(request), { span: rpcSpan(request, 'server') });
