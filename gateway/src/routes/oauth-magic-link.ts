import { createHash } from 'node:crypto';
import { Code, ConnectError } from '@connectrpc/connect';
import { NOT_HUMAN_MESSAGE } from '@swarm/proto/labels/answers';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BotCheck } from '../bot-check/bot-check.js';
import { startSession, type SessionCookieSettings } from '../auth/member-session.js';
import type { SessionStore } from '../auth/session-store.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { loginEmail } from '../mail/login-email.js';
import type { Mailer } from '../mail/mailer.js';
import { HttpError } from '../mappers/http-errors.js';
import type { KeyedRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';

export const MAGIC_LINK_CALLBACK_PATH = apiRoutes.followLoginLink.path;
/** The bot-check action the login page asks its token for (spec §7). */
export const LOGIN_BOT_CHECK_ACTION = 'login_member';

export type MagicLinkLimits = {
  /** Links one address may be sent per window, whoever asks. */
  perAddress: number;
  /** Links one client (IP address) may ask for per window, whatever the addresses. */
  perClient: number;
  windowMs: number;
};

export const DEFAULT_MAGIC_LINK_LIMITS: MagicLinkLimits = { perAddress: 5, perClient: 20, windowMs: 60 * 60 * 1000 };

const INVALID_LINK = '/login?error=invalid-link';
const SUCCESS_MESSAGE = 'Success! Check for your email for a link to login.';
const TOO_MANY_MESSAGE = 'Too many login links were requested. Please wait a while and try again.';

/** Counts by a hash, so the store of counters holds no email address in clear. */
const addressKey = (destination: string) => createHash('sha256').update(destination.trim().toLowerCase()).digest('hex');

/** The counts of login links asked for: per client address and per email address, each in `MagicLinkLimits`' window. */
export type MagicLinkAttempts = { perClient: KeyedRateLimiter; perAddress: KeyedRateLimiter };

/**
 * Magic-link login: POST emails a single-use link (the same answer whether or not the address belongs to a member);
 * opening the link logs in, creating the member on first login.
 */
export function magicLinkRoutes(
  app: FastifyInstance,
  options: {
    clients: ServiceClients;
    sessions: SessionStore;
    cookies: SessionCookieSettings;
    mailer: Mailer;
    botCheck: BotCheck;
    attempts: MagicLinkAttempts;
    /** Login links are built on it, never on the request's Host. */
    publicUrl: string;
  },
): void {
  const { clients, attempts } = options;

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(apiRoutes.requestLoginLink, { invalidRequest: () => new HttpError(400, 'Send destination and recaptchaToken as text.') }),
    handler: async (request, reply) => {
      const destination = request.body.destination?.trim() ?? '';
      if (destination === '') throw new HttpError(400, 'Please enter an email');
      if (!(await attempts.perClient.take(request, request.ip)).allowed) {
        throw new HttpError(429, TOO_MANY_MESSAGE);
      }
      if (!(await options.botCheck.verify(request.body.recaptchaToken ?? '', LOGIN_BOT_CHECK_ACTION, request.ip)).ok) {
        throw new HttpError(429, NOT_HUMAN_MESSAGE);
      }
      if (!(await attempts.perAddress.take(request, addressKey(destination))).allowed) {
        throw new HttpError(429, TOO_MANY_MESSAGE);
      }
      const issued = await clients.member.issueLoginToken({ email: destination });
      const link = new URL(`${options.publicUrl}${MAGIC_LINK_CALLBACK_PATH}`);
      link.searchParams.set('token', issued.token);
      const validMinutes = Math.max(1, Math.round(issued.validForSeconds / 60));
      await options.mailer.send(loginEmail(destination, link.toString(), validMinutes));
      return reply.send({ message: SUCCESS_MESSAGE });
    },
  });

  // The token is in the query string: this route's requests are kept out of the info-level request log. A link
  // without a token is one that is not valid.
  api.route({
    ...contractRoute(apiRoutes.followLoginLink, { errorRedirect: '/login?error=login-failed', invalidRequest: () => INVALID_LINK }),
    logLevel: 'warn',
    handler: async (request, reply) => {
      try {
        const { member } = await clients.member.consumeLoginToken({ token: request.query.token });
        if (!member) throw new Error('member service answered a login without the member');
        await startSession(options.sessions, options.cookies, request, reply, member.memberId);
        reply.header('cache-control', 'no-store');
        return reply.redirect('/member', 303);
      } catch (error) {
        if (error instanceof ConnectError && error.code === Code.NotFound) return reply.redirect(INVALID_LINK, 303);
        throw error;
      }
    },
  });
}
