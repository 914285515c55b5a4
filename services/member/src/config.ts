import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const memberConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8082),
  MONGODB_DATABASE: z.string().min(1).default('swarm_member'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  /** How long an emailed login link works. */
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
};
