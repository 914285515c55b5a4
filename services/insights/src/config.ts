import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const insightsConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8085),
  MONGODB_DATABASE: z.string().min(1).default('swarm_insights'),
  /** The coarse home and range of a member (on member.changed, and for members the copy does not know yet). */
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  /** The association's active members, for the area they cover on its map. */
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
};
