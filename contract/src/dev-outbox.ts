import { z } from 'zod';
import { isoInstant, isoInstantOrEmpty } from './common.js';

/** An email the gateway kept instead of sending. */
const outboxEmail = z.object({
  id: z.string(),
  channel: z.literal('email'),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: isoInstant,
});

/**
 * GET /api/dev/outbox (this machine only, where the dev outbox runs): the emails, and the SMS and notifications the
 * notification service kept in its own dev outbox when it has one, with the answers given from the page.
 */
export const devOutbox = z.object({
  messages: z.array(outboxEmail),
  sms: z.array(z.object({ to: z.string(), body: z.string(), sentAt: isoInstantOrEmpty })).optional(),
  smsReplies: z.array(z.object({ from: z.string(), body: z.string(), reply: z.string(), at: isoInstant })).optional(),
  notifications: z
    .array(
      z.object({
        deviceName: z.string(),
        memberId: z.string(),
        title: z.string(),
        body: z.string(),
        imageUrl: z.string(),
        claimToken: z.string(),
        sentAt: isoInstantOrEmpty,
      }),
    )
    .optional(),
  notificationClaims: z
    .array(
      z.object({
        deviceName: z.string(),
        claimToken: z.string(),
        /** ClaimWithToken's outcome, or `refused` for a token the service no longer takes. */
        outcome: z.string(),
        message: z.string(),
        claimCode: z.string(),
        at: isoInstant,
      }),
    )
    .optional(),
});
export type DevOutbox = z.output<typeof devOutbox>;
