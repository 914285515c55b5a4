import { z } from 'zod';
import { traceExportEnvShape } from './tracing/trace-export.js';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads configuration from environment variables and validates it once, at start,
 * so a bad value stops the process with a message naming the variable instead of failing later.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<Shape>> {
  const result = z.object(shape).safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    const value = env[variable];
    const shown = value === undefined ? 'not set' : `got ${JSON.stringify(value)}`;
    return `${variable}: ${issue.message} (${shown})`;
  });
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/**
 * loadConfig for a process entry point: a bad value ends the process at once with exit code 1 and a message
 * naming the variable, before anything is started.
 */
export function loadConfigOrExit<Shape extends z.ZodRawShape>(shape: Shape): z.infer<z.ZodObject<Shape>> {
  try {
    return loadConfig(shape);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Environment values are strings; these parse them strictly (no silent NaN, no "yes" meaning true). */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  positiveInt: (fallback: number) => z.coerce.number().int().positive().default(fallback),
  url: () => z.url(),
  boolean: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A port that may be left unset (or empty, as compose and Kubernetes pass a declared but empty variable). */
  optionalPort: () => z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65535).optional()),
};

/** The variables every service process reads. */
export const serviceEnvShape = {
  LOG_LEVEL: env.logLevel(),
  STORE: z.enum(['mongo', 'memory']).default('mongo'),
  MONGODB_URL: z.string().startsWith('mongodb').optional(),
  EVENT_BUS: z.enum(['nats', 'memory']).default('nats'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  NATS_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('SWARM_EVENTS'),
  NATS_SUBJECT_PREFIX: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/).default('swarm.events'),
  EVENTS_ACK_WAIT_MS: env.positiveInt(30_000),
  /** Copies of the event stream a JetStream cluster keeps when it creates it: 3 in a 3-node cluster, 1 on one server. */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  SHUTDOWN_GRACE_MS: env.positiveInt(10_000),
  /** Serves GET /metrics (Prometheus) on this port; unset, no metrics listener. */
  METRICS_PORT: env.optionalPort(),
  /** OTEL_EXPORTER_OTLP_ENDPOINT and the variables beside it: spans exported over OTLP when it is set. */
  ...traceExportEnvShape,
};

export function requireMongoUrl(config: { STORE: string; MONGODB_URL?: string | undefined }): string {
  if (config.STORE === 'mongo' && !config.MONGODB_URL) {
    throw new ConfigError('Invalid configuration:\n  MONGODB_URL: required when STORE=mongo (not set)');
  }
  return config.MONGODB_URL ?? '';
}
