import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const notificationConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8084),
  MONGODB_DATABASE: z.string().min(1).default('swarm_notification'),
  /** Redis for delayed alert jobs; required in the distributed mode. */
  REDIS_URL: z.string().startsWith('redis').optional(),
};
