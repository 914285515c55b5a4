import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const reportConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8081),
  MONGODB_DATABASE: z.string().min(1).default('swarm_report'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
};
