import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';

export const associationBillingConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8083),
  MONGODB_DATABASE: z.string().min(1).default('swarm_association_billing'),
  /** Below this balance the association's admin contact gets one low-balance email. */
  LOW_BALANCE_THRESHOLD_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(500),
  /** smtp:// or smtps:// URL of the mail relay; unset, emails are only logged (development). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Swarm Alert <no-reply@swarm-alert.invalid>'),
};
