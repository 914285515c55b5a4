export { ConfigError, env, loadConfig, loadConfigOrExit, requireMongoUrl, serviceEnvShape } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { Lifecycle, runMain } from './lifecycle.js';
export { ConnectionWatch, withoutCredentials, type ConnectionWatchOptions } from './connection-watch.js';
export { routeProcessOutputToLogger } from './process-output.js';
export { HealthRegistry, type HealthProbe } from './health.js';
export { startRpcServer, type RpcServer } from './rpc/rpc-server.js';
export { Http2Connection, serviceTransport, type Http2ConnectionOptions } from './rpc/service-transport.js';
export { connectErrorsFor, domainErrorCode, fieldViolations, isCodedError, toConnectError, type CodedError } from './rpc/domain-errors.js';
export { ERROR_TABLE, errorAnswerOf, type DomainErrorCode, type ErrorAnswer } from './rpc/error-table.js';
export {
  redeliveryDelayMs,
  type DeliveredEvent,
  type EventBus,
  type EventHandler,
  type EventMessage,
  type Subscription,
} from './events/event-bus.js';
export { defineEventType, subscribeTo, type EventType } from './events/event-type.js';
export {
  AlertSentEvent,
  ClaimOutcomeRecordedEvent,
  MemberChangedEvent,
  MemberDeletedEvent,
  ReportClaimedEvent,
  ReportClosedEvent,
  ReporterDataErasedEvent,
  ReportDepartedEvent,
  ReporterSaidGoneEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  ReporterTextSentEvent,
  ReportUnservedEvent,
} from './events/catalog.js';
export { InProcessEventBus } from './events/in-process-event-bus.js';
export { MemoryOutbox } from './outbox/memory-outbox.js';
export { OutboxRelay, type OutboxBacklog, type OutboxMessage, type OutboxStore } from './outbox/outbox.js';
export { secureRandomBelow, systemClock, uuidIds } from './system.js';
export { ForegroundRequests } from './foreground.js';
export { registerHealthService } from './rpc/health-service.js';
export { LogMailer } from './mail/log-mailer.js';
export { DevOutbox, DevOutboxMailer, type OutboxEntry } from './mail/dev-outbox.js';
export type { SmtpMessage } from './mail/smtp-mailer.js';
export { type PartWiring, type ShutdownRegistry } from './composition.js';
export { Metrics, rpcMetricsInterceptor, startMetricsServer, type MetricsServer, type QueueDepth } from './metrics/index.js';
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
  startTraceExport,
  traceContextClientInterceptor,
  traceContextServerInterceptor,
  traceExportEnvShape,
  type SpanRole,
  type SpanSpec,
  type TraceExport,
  type TraceHop,
} from './tracing/index.js';
