import { env, serviceEnvShape } from '@swarm/runtime';
import { z } from 'zod';
import { ALERT_PRICE_CENTS, MAX_ALERT_PRICE_CENTS } from './domain/ledger.js';

/**
 * What an association pays per alert on one channel: whole cents from 0 (free: no ledger line) to
 * MAX_ALERT_PRICE_CENTS. Empty counts as unset, as compose and Kubernetes pass a declared but empty variable, so a
 * blank line in an env file keeps the documented price rather than making the channel free.
 */
const alertPriceCents = (fallback: number) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.coerce.number().int().min(0).max(MAX_ALERT_PRICE_CENTS).default(fallback));

export const associationBillingConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8083),
  MONGODB_DATABASE: z.string().min(1).default('swarm_association_billing'),
  /** Below this balance the association's admin contact gets one low-balance email. */
  LOW_BALANCE_THRESHOLD_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(500),
  /** The price of a text alert (the spec's 7 cents). */
  ALERT_PRICE_SMS_CENTS: alertPriceCents(ALERT_PRICE_CENTS),
  /** The price of a Web Push alert; free by default. */
  ALERT_PRICE_PUSH_CENTS: alertPriceCents(0),
  /** The price of an email alert; free by default. */
  ALERT_PRICE_EMAIL_CENTS: alertPriceCents(0),
  /** smtp:// or smtps:// URL of the mail relay; unset, emails are only logged (development). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Swarm Alert <no-reply@swarm-alert.invalid>'),
};
