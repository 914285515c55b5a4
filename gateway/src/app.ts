import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Logger } from '@swarm/runtime';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ServiceClients } from './clients/service-clients.js';
import type { SessionStore } from './auth/session-store.js';
import { protectAgainstCrossSiteRequests } from './auth/cross-site.js';
import type { GatewaySettings } from './config.js';
import type { Geocoder } from '@swarm/runtime/geocoding';
import type { BotCheck } from './bot-check/bot-check.js';
import type { FeedbackSink } from './feedback/feedback-sink.js';
import { ClientRateLimiter } from './rate-limit/client-rate-limiter.js';
import { clientConfigRoutes } from './routes/client-config.js';
import { feedbackRoutes } from './routes/feedback.js';
import { HttpError, replyWithError } from './mappers/http-errors.js';
import { healthRoutes } from './routes/health.js';
import { addSecurityHeaders } from './security-headers.js';
import { memberCompanyRoutes } from './routes/member-company.js';
import { memberReportRoutes } from './routes/member-report.js';
import { placesRoutes } from './routes/places.js';
import { reportRoutes } from './routes/report.js';
import { SMS_INBOUND_PATH, smsInboundRoutes } from './routes/sms-inbound.js';
import { authAndMemberRoutes, type LoginAdapters } from './routes/auth.js';

/** The gateway's own ports, every one given: its composition (compose.ts) picks them from configuration, tests pick fakes. */
export type GatewayAdapters = {
  geocoder: Geocoder;
  sessions: SessionStore;
  botCheck: BotCheck;
  feedback: FeedbackSink;
  /** Magic-link and OpenID Connect login. */
  login: LoginAdapters;
};

/** The BFF: the REST calls of spec §7 under /api, mapped onto the services, and the built SPA for everything else. */
export async function buildGateway(options: {
  clients: ServiceClients;
  adapters: GatewayAdapters;
  settings: GatewaySettings;
  logger: Logger;
}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    // Behind a load balancer the client address (for rate limits and the bot check) is in X-Forwarded-For.
    trustProxy: options.settings.trustProxy ?? false,
    // Fastify's own refusals (a URL that cannot be decoded, a request the HTTP parser cannot read) in the same
    // {message} shape as every other error.
    frameworkErrors: (error, _request, reply) => replyWithError(reply, new HttpError(400, error.message)),
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({ message: 'Bad request.' });
      socket.end(`HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      options.logger.info({ err: error }, 'unreadable HTTP request');
    },
  });
  await app.register(fastifyMultipart);
  addSecurityHeaders(app, { publicUrl: options.settings.site.publicUrl, recaptcha: Boolean(options.settings.recaptchaSiteKey) });
  protectAgainstCrossSiteRequests(app, options.settings.site);

  healthRoutes(app, options.clients);
  placesRoutes(app, options.adapters.geocoder, new ClientRateLimiter(options.settings.placeSuggestionsPerHourPerClient ?? 600));
  const { botCheck } = options.adapters;
  reportRoutes(app, {
    clients: options.clients,
    geocoder: options.adapters.geocoder,
    botCheck,
    rateLimiter: new ClientRateLimiter(options.settings.reportsPerHourPerClient ?? 30),
    reportImageMaxBytes: options.settings.reportImageMaxBytes,
  });
  feedbackRoutes(app, {
    sink: options.adapters.feedback,
    rateLimiter: new ClientRateLimiter(options.settings.feedbackPerHourPerClient ?? 30),
  });
  clientConfigRoutes(app, {
    recaptchaSiteKey: options.settings.recaptchaSiteKey ?? null,
    alertSenderNumber: options.settings.alertSenderNumber ?? null,
    loginProviders: Object.fromEntries(
      Object.entries(options.adapters.login?.openIdProviders ?? {}).map(([name, provider]) => [name, provider !== undefined]),
    ),
  });
  authAndMemberRoutes(app, {
    clients: options.clients,
    sessions: options.adapters.sessions,
    geocoder: options.adapters.geocoder,
    botCheck,
    login: options.adapters.login,
    settings: options.settings,
  });

  memberCompanyRoutes(app, options.clients);
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
        // Vite names built assets by content hash, so they never change; index.html must always be fresh.
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
    // Client-side routes (/report, /member/…) all load the SPA, which picks the page.
    if (hasFrontend && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return replyWithError(reply, new HttpError(404, 'Not found.'));
  });
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return replyWithError(reply, new HttpError(status, (error as Error).message));
    return replyWithError(reply, error);
  });
  return app;
}
