import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { DEFAULT_REPORTER_DATA_DAYS } from '@swarm/proto/labels';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Logger, Metrics } from '@swarm/runtime';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServiceClients } from './clients/service-clients.js';
import type { SessionStore } from './auth/session-store.js';
import { protectAgainstCrossSiteRequests } from './auth/cross-site.js';
import type { GatewaySettings } from './config.js';
import type { Geocoder } from '@swarm/runtime/geocoding';
import type { BotCheck } from './bot-check/bot-check.js';
import type { FeedbackSink } from './feedback/feedback-sink.js';
import { RateLimits, type RateLimitStore } from './rate-limit/rate-limits.js';
import { clientConfigRoutes } from './routes/client-config.js';
import { feedbackRoutes } from './routes/feedback.js';
import { frameworkRefusal, HttpError, replyWithError } from './mappers/http-errors.js';
import { invalidRequestRefusal } from './mappers/invalid-request.js';
import { requireContractRoutes } from './routes/contract-route.js';
import { openApiRoutes } from './routes/openapi.js';
import { healthRoutes } from './routes/health.js';
import { TracedRequestLogs, logNavigationFailure, observeRequests, traceRequests, type RequestLogLevel } from './observability.js';
import { OncePerCauseLog, UNAUTHENTICATED_FAILURE_LOG_INTERVAL_MS } from './once-per-cause-log.js';
import { addSecurityHeaders } from './security-headers.js';
import { memberCompanyRoutes } from './routes/member-company.js';
import { memberAlertChannelRoutes } from './routes/member-alert-channels.js';
import { alertClaimRoutes } from './routes/alert-claim.js';
import { associationStatisticsRoutes } from './routes/association-statistics.js';
import { associationMapRoutes } from './routes/association-map.js';
import { memberReportRoutes } from './routes/member-report.js';
import { placesRoutes } from './routes/places.js';
import { reportRoutes } from './routes/report.js';
import { SMS_INBOUND_PATH, smsInboundRoutes } from './routes/sms-inbound.js';
import { authAndMemberRoutes, type LoginAdapters } from './routes/auth.js';
import type { VerifiedSubmissions } from './bot-check/recently-verified.js';

/** The gateway's own ports, every one given: its composition (compose.ts) picks them from configuration, tests pick fakes. */
export type GatewayAdapters = {
  geocoder: Geocoder;
  sessions: SessionStore;
  botCheck: BotCheck;
  /** Report submissions that passed the bot check a moment ago (a retry of the same one skips it). */
  verifiedSubmissions: VerifiedSubmissions;
  feedback: FeedbackSink;
  /** Magic-link and OpenID Connect login. */
  login: LoginAdapters;
  /** Where the per-client and login limits count (Redis, shared by every gateway); this process's memory when absent. */
  rateLimitStore?: RateLimitStore;
};

/** The BFF: the REST calls of spec §7 under /api, mapped onto the services, and the built SPA for everything else. */
export async function buildGateway(options: {
  clients: ServiceClients;
  adapters: GatewayAdapters;
  settings: GatewaySettings;
  logger: Logger;
  /** Request rate and latency per route, when the process serves metrics. */
  metrics?: Metrics;
  /** Counts each request while it is answered (the embedded product's alert jobs let these go first). */
  foreground?: { begin(): () => void };
  /** The level of the two lines each request writes; info when absent. */
  requestLogLevel?: RequestLogLevel;
}): Promise<FastifyInstance> {
  // Browser navigations and login callbacks are reached without an account: their failures are logged once per cause.
  const navigationLog = new OncePerCauseLog({ intervalMs: UNAUTHENTICATED_FAILURE_LOG_INTERVAL_MS });
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new TracedRequestLogs(options.requestLogLevel),
    bodyLimit: 64 * 1024,
    // A claim token in a path may be 512 characters (Fastify's default stops at 100); longer ones reach the route and
    // are refused there as not found, like every other malformed id. Each route checks its own parameters.
    routerOptions: { maxParamLength: 2048 },
    // Behind a load balancer the client address (for rate limits and the bot check) is in X-Forwarded-For.
    trustProxy: options.settings.trustProxy ?? false,
    // Fastify's own refusals (a URL that cannot be decoded, a request the HTTP parser cannot read) in the same
    // {message} shape as every other error.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: error }, 'request refused by the framework');
      return replyWithError(reply, frameworkRefusal({ statusCode: 400, code: error.code }));
    },
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ message: 'Bad request.' });
      socket.end(`HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      options.logger.info({ err: error }, 'unreadable HTTP request');
    },
  });
  // Requests are checked against the HTTP contract's schemas (@swarm/api-contract), and so is every JSON answer: an
  // answer that breaks the contract fails as a 500 rather than reaching the site.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireContractRoutes(app);
  // The one place an error becomes a response (set before any route or plugin, which keep the handler they were
  // registered under): route handlers and hooks throw (HttpError for what they refuse, the
  // service's ConnectError as it came), and the route's `errorMessages` give the spec's message per status.
  app.setErrorHandler((error, request, reply) => {
    const { errorMessages: messages, errorRedirect } = request.routeOptions.config;
    // A request the contract's schemas refused: answered in the route's own words, never the framework's.
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = invalidRequestRefusal(request, error.validationContext ?? 'body');
      if (typeof refusal === 'string') return reply.header('cache-control', 'no-store').redirect(refusal, 303);
      return replyWithError(reply, refusal, messages);
    }
    if (errorRedirect) {
      logNavigationFailure(navigationLog, request, error);
      return reply.header('cache-control', 'no-store').redirect(errorRedirect, 303);
    }
    // Only the framework's own errors carry a statusCode (the routes throw HttpError or a service's ConnectError).
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      request.log.info({ err: error }, 'request refused by the framework');
      return replyWithError(reply, frameworkRefusal({ statusCode: status, code: (error as { code?: unknown }).code }), messages);
    }
    return replyWithError(reply, error, messages);
  });
  traceRequests(app, options.requestLogLevel);
  observeRequests(app, options.metrics);
  const { foreground } = options;
  if (foreground) {
    app.addHook('onRequest', (_request, reply, done) => {
      // The response's 'close' comes once it is sent or the client went away, whichever ends the request: the one
      // signal no path skips (Fastify's onResponse and onRequestAbort left some requests counted for ever). Responses
      // already carry Node's default of ten listeners, so the limit is raised by this one.
      reply.raw.setMaxListeners(reply.raw.getMaxListeners() + 1);
      reply.raw.once('close', foreground.begin());
      done();
    });
  }
  await app.register(fastifyMultipart);
  // Reads the Cookie header into request.cookies and writes what routes set with reply.setCookie (session, login state).
  await app.register(fastifyCookie);
  const limits = await RateLimits.register(app, options.adapters.rateLimitStore);
  await addSecurityHeaders(app, { publicUrl: options.settings.site.publicUrl, recaptcha: Boolean(options.settings.recaptchaSiteKey), mapTileUrl: options.settings.mapTiles?.url });
  protectAgainstCrossSiteRequests(app, options.settings.site);

  healthRoutes(app, options.clients);
  openApiRoutes(app);
  placesRoutes(app, options.adapters.geocoder, limits.perClientPerHour('places', options.settings.placeSuggestionsPerHourPerClient ?? 600));
  const { botCheck } = options.adapters;
  reportRoutes(app, {
    clients: options.clients,
    botCheck,
    verifiedSubmissions: options.adapters.verifiedSubmissions,
    rateLimiter: limits.perClientPerHour('report', options.settings.reportsPerHourPerClient ?? 30),
    reportImageMaxBytes: options.settings.reportImageMaxBytes,
  });
  feedbackRoutes(app, {
    sink: options.adapters.feedback,
    rateLimiter: limits.perClientPerHour('feedback', options.settings.feedbackPerHourPerClient ?? 30),
  });
  clientConfigRoutes(app, {
    recaptchaSiteKey: options.settings.recaptchaSiteKey ?? null,
    alertSenderNumber: options.settings.alertSenderNumber ?? null,
    reporterDataDays: options.settings.reporterDataDays ?? DEFAULT_REPORTER_DATA_DAYS,
    loginProviders: Object.fromEntries(
      Object.entries(options.adapters.login?.openIdProviders ?? {}).map(([name, provider]) => [name, provider !== undefined]),
    ),
    webPushPublicKey: options.settings.webPushPublicKey ?? '',
    mapTiles: options.settings.mapTiles ?? null,
  });
  authAndMemberRoutes(app, {
    clients: options.clients,
    sessions: options.adapters.sessions,
    botCheck,
    login: options.adapters.login,
    settings: options.settings,
    refusalLog: navigationLog,
    rateLimits: limits,
  });

  memberCompanyRoutes(app, options.clients);
  memberAlertChannelRoutes(app, {
    clients: options.clients,
    testAlertLimit: limits.perClientPerHour('test-alert', options.settings.testAlertsPerHourPerClient ?? 10),
  });
  alertClaimRoutes(app, {
    clients: options.clients,
    rateLimiter: limits.perClientPerHour('alert-claim', options.settings.alertClaimsPerHourPerClient ?? 120),
  });
  associationStatisticsRoutes(app, options.clients);
  associationMapRoutes(app, options.clients);
  smsInboundRoutes(app, {
    clients: options.clients,
    twilioAuthToken: options.settings.twilioAuthToken,
    webhookUrl: options.settings.smsWebhookUrl ?? `${options.settings.site.publicUrl}${SMS_INBOUND_PATH}`,
  });
  memberReportRoutes(app, options.clients);

  const indexHtml = join(options.settings.staticDir, 'index.html');
  const hasFrontend = existsSync(indexHtml);
  if (hasFrontend) {
    await app.register(fastifyStatic, {
      root: options.settings.staticDir,
      wildcard: false,
      index: 'index.html',
      cacheControl: false,
      // The build writes a brotli and a gzip copy beside each text file; the one the browser accepts is sent as is
      // (Content-Encoding), the file itself to a browser that accepts neither. The copies are no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (response, path) => {
        // Vite names built assets by content hash, so they never change; the rest must always be fresh: index.html,
        // and the service worker (/sw.js, at the root so its scope is the whole site), whose bytes are how browsers
        // learn of a new version.
        response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A shared cache must not hand a brotli body to a browser that asked for none.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    options.logger.warn({ staticDir: options.settings.staticDir }, 'no built frontend found; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return replyWithError(reply, new HttpError(404, 'Not found.'));
    }
    if (hasFrontend && (request.method === 'GET' || request.method === 'HEAD')) {
      // A missing file is a 404, not the page: a script of an earlier build asked for after a redeploy must fail as
      // missing (the page offers a reload), not as HTML where a script was expected.
      if (isMissingFile(request.url, request.headers.accept)) {
        return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found.');
      }
      // Client-side routes (/report, /member/…) all load the SPA, which picks the page.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return replyWithError(reply, new HttpError(404, 'Not found.'));
  });
  return app;
}

/** A name with an extension at the end of a path: a file, not a page of the site. */
const FILE_NAME = /\/[^/]*\.[a-z0-9]+$/i;

/**
 * Whether a GET the static files did not answer asked for a file: anything under /assets/ (the build's hashed
 * files), or a file name (/robots.txt, /favicon.ico) asked for by something other than a browser opening a page.
 */
function isMissingFile(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0] ?? url;
  if (path.startsWith('/assets/')) return true;
  return FILE_NAME.test(path) && !(accept ?? '').includes('text/html');
}

