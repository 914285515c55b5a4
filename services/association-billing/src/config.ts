import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const associationBillingConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8083),
  MONGODB_DATABASE: z.string().min(1).default('swarm_association_billing'),
};
