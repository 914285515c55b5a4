import type { FastifyInstance } from 'fastify';
import { requireMember, type SessionCookieSettings } from '../auth/member-session.js';
import type { OpenIdProvider } from '../auth/openid-provider.js';
import type { PendingLoginStore } from '../auth/pending-logins.js';
import type { SessionStore } from '../auth/session-store.js';
import type { SiteIdentity } from '../auth/site-identity.js';
import type { BotCheck } from '../bot-check/bot-check.js';
import type { ServiceClients } from '../clients/service-clients.js';
import type { DevOutbox } from '../mail/dev-outbox.js';
import type { Mailer } from '../mail/mailer.js';
import { devOutboxRoutes } from './dev-outbox.js';
import { memberAccountRoutes } from './member-account.js';
import { memberRoutes } from './member.js';
import type { RateLimits } from '../rate-limit/rate-limits.js';
import { DEFAULT_MAGIC_LINK_LIMITS, magicLinkRoutes, type MagicLinkLimits } from './oauth-magic-link.js';
import { logoutRoutes } from './oauth-logout.js';
import { openIdRoutes } from './oauth-openid.js';
import type { OncePerCauseLog } from '../once-per-cause-log.js';

/** The adapters login needs; each run mode picks them (dev ones on the embedded default). */
export type LoginAdapters = {
  mailer: Mailer;
  pendingLogins: PendingLoginStore;
  /** By path name; a known provider without credentials is present with undefined (its login redirects to /login with a message). */
  openIdProviders: Record<string, OpenIdProvider | undefined>;
  /** Given when emails go to the dev outbox: /dev/outbox and /api/dev/outbox then show them. */
  devOutbox?: DevOutbox;
};

export type AuthSettings = {
  secureCookies: boolean;
  /** The product's identity: links in emails and OpenID redirect URIs are built on its public URL. */
  site: SiteIdentity;
  sessionIdleTimeoutMs?: number;
  magicLinkLimits?: MagicLinkLimits;
  associationAdminUrl?: string;
  /** Serve the dev outbox to other machines that name a loopback host (containers with a published port). */
  devOutboxOnNetwork?: boolean;
};

/** Login (magic link, OpenID Connect), logout and the member area's calls, each member call behind a session. */
export function authAndMemberRoutes(
  app: FastifyInstance,
  options: {
    clients: ServiceClients;
    sessions: SessionStore;
    botCheck: BotCheck;
    login: LoginAdapters;
    settings: AuthSettings;
    /** Where the refusals of the login callbacks are logged, once per cause per interval. */
    refusalLog: OncePerCauseLog;
    /** Where the login attempts are counted, with the gateway's other limits. */
    rateLimits: RateLimits;
  },
): void {
  const { clients, sessions, login, settings } = options;
  const magicLinkLimits = settings.magicLinkLimits ?? DEFAULT_MAGIC_LINK_LIMITS;
  const cookies: SessionCookieSettings = {
    secure: settings.secureCookies,
    ...(settings.sessionIdleTimeoutMs !== undefined ? { maxAgeSeconds: Math.floor(settings.sessionIdleTimeoutMs / 1000) } : {}),
  };
  // Every route under /api/member/, whoever registers it, answers 401 without a live session, before its request is
  // checked against the contract.
  const guard = requireMember(sessions, cookies);
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/api/member/')) await guard(request, reply);
  });
  logoutRoutes(app, { sessions, cookies });
  memberRoutes(app, { clients });
  memberAccountRoutes(app, { clients, sessions, cookies });
  magicLinkRoutes(app, {
    clients,
    sessions,
    cookies,
    mailer: login.mailer,
    botCheck: options.botCheck,
    attempts: {
      perClient: options.rateLimits.perKey('magic-link:client', magicLinkLimits.perClient, magicLinkLimits.windowMs),
      perAddress: options.rateLimits.perKey('magic-link:address', magicLinkLimits.perAddress, magicLinkLimits.windowMs),
    },
    publicUrl: settings.site.publicUrl,
  });
  openIdRoutes(app, {
    clients,
    sessions,
    cookies,
    providers: login.openIdProviders,
    pendingLogins: login.pendingLogins,
    publicUrl: settings.site.publicUrl,
    associationAdminUrl: settings.associationAdminUrl,
    refusalLog: options.refusalLog,
  });
  if (login.devOutbox) devOutboxRoutes(app, login.devOutbox, clients, { allowNetworkClients: settings.devOutboxOnNetwork ?? false });
}
