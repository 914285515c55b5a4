import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const reportConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8081),
  MONGODB_DATABASE: z.string().min(1).default('swarm_report'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
  /** Pictures decoded at once; more wait their turn (a near-limit picture holds ~100 MB while it is decoded). */
  IMAGE_DECODE_CONCURRENCY: env.positiveInt(2),
};
