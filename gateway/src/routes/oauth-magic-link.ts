import { createHash } from 'node:crypto';
import { Code, ConnectError } from '@connectrpc/connect';
import { NOT_HUMAN_MESSAGE } from '@swarm/proto/labels/answers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BotCheck } from '../bot-check/bot-check.js';
import { startSession, type SessionCookieSettings } from '../auth/member-session.js';
import type { SessionStore } from '../auth/session-store.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { loginEmail } from '../mail/login-email.js';
import type { Mailer } from '../mail/mailer.js';
import { HttpError } from '../mappers/http-errors.js';
import type { KeyedRateLimiter } from '../rate-limit/rate-limits.js';

export const MAGIC_LINK_CALLBACK_PATH = '/api/oauth/magic-login/member/callback';
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

const SUCCESS_MESSAGE = 'Success! Check for your email for a link to login.';
const TOO_MANY_MESSAGE = 'Too many login links were requested. Please wait a while and try again.';

const requestBody = z.object({ destination: z.string().max(320).optional(), recaptchaToken: z.string().max(4096).optional() });

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

  app.post('/api/oauth/magic-login/member', async (request, reply) => {
    const parsed = requestBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Send destination and recaptchaToken as text.');
    const destination = parsed.data.destination?.trim() ?? '';
    if (destination === '') throw new HttpError(400, 'Please enter an email');
    if (!(await attempts.perClient.take(request, request.ip)).allowed) {
      throw new HttpError(429, TOO_MANY_MESSAGE);
    }
    if (!(await options.botCheck.verify(parsed.data.recaptchaToken ?? '', LOGIN_BOT_CHECK_ACTION, request.ip)).ok) {
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
  });

  // The token is in the query string: this route's requests are kept out of the info-level request log.
  app.get(MAGIC_LINK_CALLBACK_PATH, { logLevel: 'warn', config: { errorRedirect: '/login?error=login-failed' } }, async (request, reply) => {
    try {
      const token = (request.query as { token?: unknown }).token;
      if (typeof token !== 'string' || token === '') return reply.redirect('/login?error=invalid-link', 303);
      const { member } = await clients.member.consumeLoginToken({ token });
      if (!member) throw new Error('member service answered a login without the member');
      await startSession(options.sessions, options.cookies, request, reply, member.memberId);
      reply.header('cache-control', 'no-store');
      return reply.redirect('/member', 303);
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.NotFound) return reply.redirect('/login?error=invalid-link', 303);
      throw error;
    }
  });
}
