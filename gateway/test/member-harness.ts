import { createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { buildMemberService, DEFAULT_LOGIN_TOKEN_TTL_MS, MemoryLoginTokenRepository, MemoryMemberRepository, nodeTokenSecrets } from '@swarm/member-service';
import { HealthRegistry, MemoryOutbox, registerHealthService, uuidIds, type Logger } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../src/app.js';
import type { BotCheck } from '../src/bot-check/bot-check.js';
import { MemorySessionStore } from '../src/auth/memory-session-store.js';
import type { OpenIdProvider } from '../src/auth/openid-provider.js';
import { MemoryPendingLoginStore } from '../src/auth/pending-logins.js';
import type { SessionStore } from '../src/auth/session-store.js';
import { createServiceClients, type ServiceClients } from '../src/clients/service-clients.js';
import { DevOutbox, DevOutboxMailer } from '../src/mail/dev-outbox.js';
import type { Mailer } from '../src/mail/mailer.js';
import type { MagicLinkLimits } from '../src/routes/oauth-magic-link.js';
import type { RateLimitStore } from '../src/rate-limit/rate-limits.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';

export type TestGateway = {
  app: FastifyInstance;
  url: string;
  clients: ServiceClients;
  outbox: DevOutbox;
  sessions: SessionStore;
  /** The member service's clock: tests move it to expire login links. */
  clock: { now: Date };
  close: () => Promise<void>;
};

/** The gateway with the real member service (in memory) behind it, listening on a free port of 127.0.0.1. */
export async function startMemberGateway(
  options: {
    publicUrl?: string;
    limits?: MagicLinkLimits;
    botCheck?: BotCheck;
    mailer?: Mailer;
    openIdProviders?: Record<string, OpenIdProvider | undefined>;
    associationAdminUrl?: string;
    secureCookies?: boolean;
    /** False: emails are sent by `mailer` and no outbox page is served. */
    devOutbox?: boolean;
    /** A built frontend to serve (a folder with index.html); none by default. */
    staticDir?: string;
    /** Routes another part of the gateway would add, registered before it listens. */
    extraRoutes?: (app: FastifyInstance) => void;
    /** The notification service behind the gateway (a fake's routes); none by default. */
    notificationRoutes?: (router: ConnectRouter) => void;
    /** The insights service behind the gateway (a fake's routes); none by default. */
    insightsRoutes?: (router: ConnectRouter) => void;
    /** The report and association-billing services behind the gateway; none by default. */
    reportRoutes?: (router: ConnectRouter) => void;
    associationBillingRoutes?: (router: ConnectRouter) => void;
    /** Per-client limits of the claim links and test alerts; generous by default. */
    alertClaimsPerHourPerClient?: number;
    testAlertsPerHourPerClient?: number;
    /** Where the gateway logs; silent by default. */
    logger?: Logger;
    /** Counts the per-client and login limits in Redis (shared with other gateways); in memory when not given. */
    rateLimitStore?: RateLimitStore;
  } = {},
): Promise<TestGateway> {
  const clock = { now: new Date('2026-06-01T12:00:00Z') };
  const member = buildMemberService({
    members: new MemoryMemberRepository(new MemoryOutbox()),
    loginTokens: new MemoryLoginTokenRepository(),
    geocoder: new OfflineGeocoder(),
    secrets: nodeTokenSecrets,
    loginTokenTtlMs: DEFAULT_LOGIN_TOKEN_TTL_MS,
    allowLoopbackPushEndpoints: false,
    clock: { now: () => clock.now },
    ids: uuidIds,
  });
  const transport = (routes: (router: ConnectRouter) => void = () => undefined) =>
    createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, new HealthRegistry());
    });
  const clients = createServiceClients({
    report: transport(options.reportRoutes),
    member: transport(member.routes),
    'association-billing': transport(options.associationBillingRoutes),
    notification: transport(options.notificationRoutes),
    insights: transport(options.insightsRoutes),
  });
  const outbox = new DevOutbox();
  const sessions = new MemorySessionStore({ idleTimeoutMs: 60 * 60 * 1000 });
  const { site, port } = await testSite(options.publicUrl);
  const app = await buildGateway({
    clients,
    adapters: testAdapters({
      ...(options.botCheck ? { botCheck: options.botCheck } : {}),
      sessions,
      ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
      login: {
        mailer: options.mailer ?? new DevOutboxMailer(outbox),
        ...(options.devOutbox === false ? {} : { devOutbox: outbox }),
        pendingLogins: new MemoryPendingLoginStore(),
        openIdProviders: options.openIdProviders ?? { google: undefined },
      },
    }),
    settings: {
      staticDir: options.staticDir ?? '/nonexistent',
      reportImageMaxBytes: 1024,
      secureCookies: options.secureCookies ?? false,
      sessionIdleTimeoutMs: 60 * 60 * 1000,
      site,
      ...(options.limits ? { magicLinkLimits: options.limits } : {}),
      ...(options.associationAdminUrl ? { associationAdminUrl: options.associationAdminUrl } : {}),
      alertClaimsPerHourPerClient: options.alertClaimsPerHourPerClient ?? 1_000,
      testAlertsPerHourPerClient: options.testAlertsPerHourPerClient ?? 1_000,
    },
    logger: options.logger ?? testLogger(),
  });
  options.extraRoutes?.(app);
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, clients, outbox, sessions, clock, close: () => app.close() };
}

/** The `name=value` pairs a response sets, for sending back as a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** Each cookie a response sets: its name, its value and its attributes (in alphabetical order: their order means nothing). */
export function setCookiesOf(response: { headers: Headers }): { name: string; value: string; attributes: string[] }[] {
  return response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split('; ');
    const separator = pair.indexOf('=');
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), attributes: attributes.sort() };
  });
}

/** The login link in the newest email to this address. */
export function loginLinkFor(outbox: DevOutbox, email: string): string {
  const message = outbox.list().find((entry) => entry.to === email);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no login link was emailed to ${email}`);
  return link;
}

/** Asks for a magic link and opens it: the session cookie of a logged-in member. */
export async function logInByMagicLink(gateway: TestGateway, email: string): Promise<string> {
  const asked = await fetch(`${gateway.url}/api/oauth/magic-login/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ destination: email, recaptchaToken: 'human' }),
  });
  if (asked.status !== 200) throw new Error(`magic link request answered ${asked.status}`);
  // The link names the public URL; the test reaches the same path on the port it listens on.
  const link = new URL(loginLinkFor(gateway.outbox, email));
  const opened = await fetch(`${gateway.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = cookiesOf(opened);
  if (opened.status !== 303 || !cookie) throw new Error(`opening the login link answered ${opened.status}`);
  return cookie;
}
