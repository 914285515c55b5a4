export {
  TRACEPARENT,
  continueTrace,
  currentTraceId,
  currentTraceparent,
  inSpan,
  openTrace,
  queuedJobSpan,
  outsideTrace,
  startTrace,
  type SpanRole,
  type SpanSpec,
  type TraceHop,
} from './trace-context.js';
export { traceContextClientInterceptor, traceContextServerInterceptor } from './rpc-trace.js';
export { startTraceExport, traceExportEnvShape, type TraceExport, type TraceExportSettings } from './trace-export.js';
