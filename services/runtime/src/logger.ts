import { pino, type DestinationStream, type Logger } from 'pino';
import { currentTraceId } from './tracing/trace-context.js';

export type { Logger };

/**
 * Personal data never reaches the logs in clear: any field with one of these names is censored
 * wherever it appears in a log line.
 */
const personalFields = ['phone', 'phoneNumber', 'email', 'destination', 'reporterName', 'reporterPhone', 'address'];

/** The fields a log line gets from the trace it is written in: its trace id, or nothing outside a trace. */
export function traceFields(): { traceId?: string } {
  const traceId = currentTraceId();
  return traceId ? { traceId } : {};
}

export function createLogger(options: { service: string; level?: string; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: personalFields.flatMap((field) => [field, `*.${field}`]), censor: '[redacted]' },
    // Every line written while handling one report carries its trace id, in whichever service it runs.
    mixin: traceFields,
  };
  // Synchronous writes to stdout: the last lines before process.exit are neither lost nor reordered.
  return pino(settings, options.destination ?? pino.destination({ dest: 1, sync: true }));
}
