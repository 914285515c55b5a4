import { z } from 'zod';

/** POST /api/oauth/magic-login/member: emails a single-use login link (the same answer whether or not it is a member's). */
export const magicLinkRequest = z.object({
  destination: z.string().max(320).optional().describe('The email address to send the link to.'),
  recaptchaToken: z.string().max(4096).optional().describe('A bot-check token for the action `login_member`.'),
});
export type MagicLinkRequest = z.input<typeof magicLinkRequest>;

/** GET /api/oauth/magic-login/member/callback?token=: the link of the email. */
export const magicLinkCallbackQuery = z.object({ token: z.string().min(1) });

/** GET /api/oauth/{provider}/member, /admin and /callback: an OpenID Connect provider by its path name (`google`). */
export const loginProviderParams = z.object({ provider: z.string() });

/** What the provider sends back to the callback; openid-client reads the whole URL, these are what the gateway reads first. */
export const openIdCallbackQuery = z.looseObject({
  state: z.string().optional(),
  code: z.string().optional(),
  error: z.string().optional(),
});
