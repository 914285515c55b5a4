import { fileURLToPath } from 'node:url';
import { env } from '@swarm/runtime';
import { z } from 'zod';

const builtFrontend = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export const gatewayConfigShape = {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  REPORT_SERVICE_URL: z.url().default('http://127.0.0.1:8081'),
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
  NOTIFICATION_SERVICE_URL: z.url().default('http://127.0.0.1:8084'),
  STATIC_DIR: z.string().default(builtFrontend),
  REPORT_IMAGE_MAX_BYTES: env.positiveInt(10 * 1024 * 1024),
  SHUTDOWN_GRACE_MS: env.positiveInt(10_000),
};

export type GatewaySettings = { staticDir: string; reportImageMaxBytes: number };
