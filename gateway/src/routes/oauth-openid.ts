import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cookieAttributes, startSession, type SessionCookieSettings } from '../auth/member-session.js';
import { OpenIdProviderUnavailable, type OpenIdProvider } from '../auth/openid-provider.js';
import type { PendingLoginStore } from '../auth/pending-logins.js';
import type { SessionStore } from '../auth/session-store.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { OncePerCauseLog } from '../once-per-cause-log.js';
import { contractRoute } from './contract-route.js';

/** A login started must come back within this time. */
const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;
/** Where a failed or refused login lands; the login page reads `error`. */
const LOGIN_FAILED = '/login?error=login-failed';
const EMAIL_NOT_VERIFIED = '/login?error=email-not-verified';
/** Where an association sign-up lands when no association admin site is configured. */
export const ADMIN_SIGN_UP_FALLBACK = '/learn-more?signup=unavailable';

/**
 * A login or sign-up that cannot start (the provider has no credentials here, or cannot be reached) goes back to the
 * page it came from, which explains it: a browser navigation never ends on a JSON error.
 */
export const loginUnavailableRedirect = (purpose: 'member' | 'admin', name: string, reason: 'not-configured' | 'unreachable'): string =>
  purpose === 'admin'
    ? `/learn-more?signup=${reason === 'unreachable' ? 'provider-unreachable' : 'provider-not-configured'}&provider=${encodeURIComponent(name)}`
    : `/login?error=${reason === 'unreachable' ? 'provider-unreachable' : 'provider-not-configured'}&provider=${encodeURIComponent(name)}`;

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * OpenID Connect login: /api/oauth/{provider}/member (and /admin for association sign-up) sends the browser to the
 * provider; /api/oauth/{provider}/callback checks what comes back, links the identity to a member by verified email,
 * starts a session and returns to the member area.
 */
export function openIdRoutes(
  app: FastifyInstance,
  options: {
    clients: ServiceClients;
    sessions: SessionStore;
    cookies: SessionCookieSettings;
    /** By path name; a known provider without credentials is present with undefined: its login goes back to the site with a message. */
    providers: Record<string, OpenIdProvider | undefined>;
    pendingLogins: PendingLoginStore;
    /** Redirect URIs are built on it, never on the request's Host. */
    publicUrl: string;
    /** Where a member lands after signing up through /admin; the learn-more page with a notice when not set. */
    associationAdminUrl: string | undefined;
    /** Anyone can call these routes: their refusals are logged once per cause per interval. */
    refusalLog: OncePerCauseLog;
  },
): void {
  const stateCookieName = options.cookies.secure ? '__Host-swarm_oidc_state' : 'swarm_oidc_state';
  const setStateCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.setCookie(stateCookieName, value, cookieAttributes(options.cookies, maxAgeSeconds));
  const redirectUri = (name: string) => `${options.publicUrl}/api/oauth/${name}/callback`;

  const providerFor = (name: string): OpenIdProvider => {
    if (!Object.hasOwn(options.providers, name)) throw new HttpError(404, 'Unknown login provider.');
    const provider = options.providers[name];
    if (!provider) throw new HttpError(503, `Login with ${titleCase(name)} is not configured on this server.`);
    return provider;
  };

  const begin = (purpose: 'member' | 'admin') => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const { provider: name } = request.params as { provider: string };
      if (Object.hasOwn(options.providers, name) && !options.providers[name]) {
        reply.header('cache-control', 'no-store');
        return reply.redirect(loginUnavailableRedirect(purpose, name, 'not-configured'), 303);
      }
      const provider = providerFor(name);
      const started = await provider.start(redirectUri(name));
      await options.pendingLogins.put(
        started.state,
        { provider: name, purpose, nonce: started.nonce, codeVerifier: started.codeVerifier },
        PENDING_LOGIN_TTL_MS,
      );
      // The state travels in the URL and in this cookie: the callback accepts it only from the browser that started.
      setStateCookie(reply, started.state, PENDING_LOGIN_TTL_MS / 1000);
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url.toString(), 303);
    } catch (error) {
      if (!(error instanceof OpenIdProviderUnavailable)) throw error;
      const { provider: name } = request.params as { provider: string };
      // The provider's outage, not this request's: its reason once in a while is all the log needs.
      options.refusalLog.warn(request.log, `provider unavailable ${name}`, { provider: name, reason: error.message }, 'login provider unavailable');
      reply.header('cache-control', 'no-store');
      return reply.redirect(loginUnavailableRedirect(purpose, name, 'unreachable'), 303);
    }
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({ ...contractRoute(apiRoutes.startMemberLogin), handler: begin('member') });
  api.route({ ...contractRoute(apiRoutes.startAssociationSignUp), handler: begin('admin') });

  // The code and state are in the query string: this route's requests are kept out of the info-level request log.
  // An answer that cannot be the provider's (a state or an error that is not text) is a failed login.
  api.route({
    ...contractRoute(apiRoutes.finishOpenIdLogin, { errorRedirect: LOGIN_FAILED, invalidRequest: () => LOGIN_FAILED }),
    logLevel: 'warn',
    handler: async (request, reply) => {
      const { provider: name } = request.params;
      reply.header('cache-control', 'no-store');
      setStateCookie(reply, '', 0);
      // A callback for a provider this server has no credentials for was not started here: a failed login, not a 503.
      if (Object.hasOwn(options.providers, name) && !options.providers[name]) return reply.redirect(LOGIN_FAILED, 303);
      const provider = providerFor(name);
      const { query } = request;
      const cookieState = request.cookies[stateCookieName];
      if (!cookieState || typeof query.state !== 'string' || query.state !== cookieState) {
        options.refusalLog.warn(request.log, `state mismatch ${name}`, { provider: name }, 'login refused: state does not match the browser that started it');
        return reply.redirect(LOGIN_FAILED, 303);
      }
      const pending = await options.pendingLogins.take(cookieState);
      if (!pending || pending.provider !== name || query.error !== undefined) return reply.redirect(LOGIN_FAILED, 303);

      const callbackUrl = new URL(request.url, redirectUri(name));
      let identity;
      try {
        identity = await provider.finish(callbackUrl, {
          state: cookieState,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
          redirectUri: redirectUri(name),
        });
      } catch (error) {
        // Only the reason: the error may carry the provider's response, with the member's email in it.
        const reason = error instanceof Error ? error.message : 'unknown';
        options.refusalLog.warn(request.log, `code exchange ${name} ${reason}`, { provider: name, reason }, 'login refused by the authorization-code exchange');
        return reply.redirect(LOGIN_FAILED, 303);
      }
      if (!identity.email || !identity.emailVerified) return reply.redirect(EMAIL_NOT_VERIFIED, 303);

      const { member } = await options.clients.member.ensureMember({ email: identity.email });
      if (!member) throw new Error('member service answered without the member');
      await startSession(options.sessions, options.cookies, request, reply, member.memberId);
      if (pending.purpose === 'admin') return reply.redirect(options.associationAdminUrl ?? ADMIN_SIGN_UP_FALLBACK, 303);
      return reply.redirect('/member', 303);
    },
  });
}
