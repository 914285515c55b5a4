export { TRACEPARENT, continueTrace, currentTraceId, currentTraceparent, outsideTrace, startTrace } from './trace-context.js';
export { traceContextClientInterceptor, traceContextServerInterceptor } from './rpc-trace.js';
