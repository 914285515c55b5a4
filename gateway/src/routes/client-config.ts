import type { FastifyInstance } from 'fastify';

export type ClientConfig = {
  /** The bot-check site key the browser asks tokens with; null when the dev bot check runs. */
  recaptchaSiteKey: string | null;
  /** The number alerts are texted from, shown on the FAQ page; null when not configured. */
  alertSenderNumber: string | null;
  /** Days after a report ended before its reporter's data is erased (REPORTER_DATA_DAYS), for the privacy page. */
  reporterDataDays: number;
  /**
   * Each OpenID Connect login provider this gateway knows, by path name, and whether it has credentials here: the
   * site hides the login and sign-up buttons of a provider that would only fail.
   */
  loginProviders: Record<string, boolean>;
  /**
   * The VAPID public key (base64url) the site subscribes browsers to push with (pushManager.subscribe's
   * applicationServerKey); empty when the product sends no push notifications.
   */
  webPushPublicKey: string;
};

/** GET /api/config: the public settings the browser needs at run time (nothing secret). */
export function clientConfigRoutes(app: FastifyInstance, config: ClientConfig): void {
  app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-cache').send(config));
}
