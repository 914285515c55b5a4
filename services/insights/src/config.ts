import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const insightsConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8085),
  MONGODB_DATABASE: z.string().min(1).default('swarm_insights'),
};
