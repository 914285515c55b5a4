import { z } from 'zod';

/**
 * POST /api/sms/inbound: Twilio's messaging webhook, form-encoded and signed with X-Twilio-Signature over the
 * configured public URL and every parameter it sent (these are the ones the product reads).
 */
export const inboundSmsForm = z.looseObject({
  From: z.string(),
  Body: z.string().max(1600),
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/),
});
