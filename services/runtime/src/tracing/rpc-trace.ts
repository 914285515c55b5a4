import type { Interceptor } from '@connectrpc/connect';
import { TRACEPARENT, continueTrace, currentTraceparent } from './trace-context.js';

/** A Connect client interceptor: each call carries the caller's trace in a `traceparent` header. */
export const traceContextClientInterceptor: Interceptor = (next) => async (request) => {
  const traceparent = currentTraceparent();
  if (traceparent && !request.header.has(TRACEPARENT)) request.header.set(TRACEPARENT, traceparent);
  return next(request);
};

/** A Connect server interceptor: the call runs in the caller's trace (or a new one, for a caller without). */
export const traceContextServerInterceptor: Interceptor = (next) => async (request) =>
  continueTrace(request.header.get(TRACEPARENT) ?? undefined, () => next(request));
