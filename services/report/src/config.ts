import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const reportConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8081),
  MONGODB_DATABASE: z.string().min(1).default('swarm_report'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
};
