import { ConfigError, ConnectionWatch, DevOutbox, DevOutboxMailer, type Logger, type Metrics, type ShutdownRegistry } from '@swarm/runtime';
import { SmtpMailer } from '@swarm/runtime/smtp';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildGateway } from './app.js';
import type { RequestLogLevel } from './observability.js';
import { MemorySessionStore } from './auth/memory-session-store.js';
import { OpenIdProvider } from './auth/openid-provider.js';
import { MemoryPendingLoginStore, RedisPendingLoginStore, type PendingLoginStore } from './auth/pending-logins.js';
import { MemoryVerifiedSubmissions, RedisVerifiedSubmissions, type VerifiedSubmissions } from './bot-check/recently-verified.js';
import { RedisSessionStore } from './auth/redis-session-store.js';
import type { SessionStore } from './auth/session-store.js';
import { isLoopbackListenAddress, siteIdentity } from './auth/site-identity.js';
import { DevBotCheck, type BotCheck } from './bot-check/bot-check.js';
import { RecaptchaBotCheck } from './bot-check/recaptcha-bot-check.js';
import type { ServiceClients } from './clients/service-clients.js';
import type { gatewayConfigShape } from './config.js';
import type { FeedbackSink } from './feedback/feedback-sink.js';
import type { RateLimitStore } from './rate-limit/rate-limits.js';
import { LocalFeedbackSink } from './feedback/local-feedback-sink.js';
import { SentryFeedbackSink } from './feedback/sentry-feedback-sink.js';
import { geocoderFromSettings } from '@swarm/runtime/geocoding';
import type { Mailer } from './mail/mailer.js';

export type GatewayConfig = z.infer<z.ZodObject<typeof gatewayConfigShape>>;

export type GatewayWiring = {
  logger: Logger;
  lifecycle: ShutdownRegistry;
  /** The services, over the network or in process. */
  clients: ServiceClients;
  /** With MAILER=dev-outbox: the outbox every part of the embedded product writes to; a new one when absent. */
  devOutbox?: DevOutbox;
  /** A test's own feedback sink, to see what arrives; FEEDBACK_SINK decides otherwise. */
  feedback?: FeedbackSink;
  /** The process's metrics registry (shared with the services in the embedded product), served on METRICS_PORT. */
  metrics?: Metrics;
  /** In the embedded product: counts the requests being answered, for the alert jobs in the process to let go first. */
  foreground?: { begin(): () => void };
  /** The level of the two lines every request writes (incoming, completed); info when absent. */
  requestLogLevel?: RequestLogLevel;
};

/** A provider chosen without its credentials stops the start, naming the missing variable. */
function required(value: string | undefined, variable: string, because: string): string {
  if (value) return value;
  throw new ConfigError(`Invalid configuration:\n  ${variable}: required when ${because} (not set)`);
}

function botCheckFromConfig(config: GatewayConfig, logger: Logger): BotCheck {
  if (config.BOT_CHECK === 'dev') {
    logger.warn('BOT_CHECK=dev: any non-empty bot-check token is accepted; set BOT_CHECK=recaptcha in production');
    return new DevBotCheck();
  }
  return new RecaptchaBotCheck({
    secret: required(config.RECAPTCHA_SECRET, 'RECAPTCHA_SECRET', 'BOT_CHECK=recaptcha'),
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
    hostnames: config.RECAPTCHA_HOSTNAMES,
  });
}

function feedbackFromConfig(config: GatewayConfig, logger: Logger): FeedbackSink {
  if (config.FEEDBACK_SINK === 'local') return new LocalFeedbackSink(logger);
  return new SentryFeedbackSink(required(config.SENTRY_DSN, 'SENTRY_DSN', 'FEEDBACK_SINK=sentry'));
}

/** The dev outbox lists live login links: beyond loopback only when the operator says so. */
function checkDevOutboxExposure(config: GatewayConfig, logger: Logger): void {
  if (config.MAILER !== 'dev-outbox' || isLoopbackListenAddress(config.HOST)) return;
  if (!config.DEV_OUTBOX_ON_NETWORK) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: ${config.HOST} is reachable from other machines, and MAILER=dev-outbox would show them every login link; listen on 127.0.0.1, use MAILER=smtp, or set DEV_OUTBOX_ON_NETWORK=true to serve the dev outbox anyway`,
    );
  }
  logger.warn({ host: config.HOST }, 'DEV_OUTBOX_ON_NETWORK=true: the dev outbox with live login links is served to any machine that reaches this port and names a loopback host');
}

function mailerFromConfig(config: GatewayConfig, wiring: GatewayWiring): { mailer: Mailer; devOutbox: DevOutbox | undefined } {
  if (config.MAILER === 'dev-outbox') {
    const devOutbox = wiring.devOutbox ?? new DevOutbox();
    wiring.logger.warn('MAILER=dev-outbox: emails are not sent but kept for /dev/outbox');
    return { mailer: new DevOutboxMailer(devOutbox), devOutbox };
  }
  const smtp = new SmtpMailer({
    smtpUrl: required(config.SMTP_URL, 'SMTP_URL', 'MAILER=smtp (MAILER=dev-outbox keeps emails for /dev/outbox in development)'),
    from: config.MAIL_FROM,
  });
  wiring.lifecycle.onShutdown('smtp', async () => smtp.close());
  return { mailer: smtp, devOutbox: undefined };
}

/**
 * Sessions, rate limits, pending logins and bot-checked submissions: shared in Redis, or in this process's memory (one
 * gateway only).
 */
async function sharedStateFromConfig(
  config: GatewayConfig,
  wiring: GatewayWiring,
): Promise<{ sessions: SessionStore; pendingLogins: PendingLoginStore; verifiedSubmissions: VerifiedSubmissions; rateLimitStore?: RateLimitStore }> {
  if (config.SESSION_STORE === 'memory') {
    return {
      sessions: new MemorySessionStore({ idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS }),
      pendingLogins: new MemoryPendingLoginStore(),
      verifiedSubmissions: new MemoryVerifiedSubmissions(),
    };
  }
  // Loaded only for this store: the embedded product keeps sessions in memory and never needs a Redis client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const redisWatch = new ConnectionWatch(wiring.logger, 'redis', { url: config.REDIS_URL });
  redis.on('error', redisWatch.error);
  redis.on('ready', redisWatch.ready);
  await redis.connect();
  wiring.lifecycle.onShutdown('redis', async () => {
    await redis.quit();
  });
  const prefix = config.REDIS_KEY_PREFIX;
  return {
    sessions: new RedisSessionStore(redis, { idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS, keyPrefix: `${prefix}:session:` }),
    pendingLogins: new RedisPendingLoginStore(redis, `${prefix}:oidc:`),
    verifiedSubmissions: new RedisVerifiedSubmissions(redis, `${prefix}:verified-report:`),
    // The per-client and login limits, counted once for every gateway replica.
    rateLimitStore: { redis, keyPrefix: `${prefix}:rate:` },
  };
}

/**
 * The gateway from its configuration: every adapter (geocoder, bot check, feedback sink, mailer, sessions, login
 * providers) chosen here and nowhere else. Its process (`main.ts`) and the embedded product both call it; it does not
 * listen yet.
 */
export async function composeGateway(config: GatewayConfig, wiring: GatewayWiring): Promise<FastifyInstance> {
  const { logger } = wiring;
  checkDevOutboxExposure(config, logger);
  const geocoder = geocoderFromSettings(config);
  const botCheck = botCheckFromConfig(config, logger);
  const feedback = wiring.feedback ?? feedbackFromConfig(config, logger);
  const recaptchaSiteKey = config.BOT_CHECK === 'recaptcha' ? required(config.RECAPTCHA_SITE_KEY, 'RECAPTCHA_SITE_KEY', 'BOT_CHECK=recaptcha') : null;
  const { mailer, devOutbox } = mailerFromConfig(config, wiring);
  const { sessions, pendingLogins, verifiedSubmissions, rateLimitStore } = await sharedStateFromConfig(config, wiring);
  const google =
    config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? new OpenIdProvider({ name: 'google', issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET })
      : undefined;
  if (!google) logger.warn('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set: the site hides Google login and association sign-up');

  return buildGateway({
    clients: wiring.clients,
    adapters: {
      geocoder,
      sessions,
      botCheck,
      verifiedSubmissions,
      feedback,
      login: { mailer, ...(devOutbox ? { devOutbox } : {}), pendingLogins, openIdProviders: { google } },
      ...(rateLimitStore ? { rateLimitStore } : {}),
    },
    settings: {
      staticDir: config.STATIC_DIR,
      reportImageMaxBytes: config.REPORT_IMAGE_MAX_BYTES,
      secureCookies: config.SESSION_COOKIE_SECURE,
      trustProxy: config.TRUST_PROXY,
      reportsPerHourPerClient: config.REPORTS_PER_HOUR_PER_CLIENT,
      feedbackPerHourPerClient: config.FEEDBACK_PER_HOUR_PER_CLIENT,
      placeSuggestionsPerHourPerClient: config.PLACE_SUGGESTIONS_PER_HOUR_PER_CLIENT,
      alertClaimsPerHourPerClient: config.ALERT_CLAIMS_PER_HOUR_PER_CLIENT,
      testAlertsPerHourPerClient: config.TEST_ALERTS_PER_HOUR_PER_CLIENT,
      webPushPublicKey: config.WEB_PUSH_PUBLIC_KEY,
      recaptchaSiteKey,
      alertSenderNumber: config.ALERT_SENDER_NUMBER ?? null,
      mapTiles: config.MAP_TILE_URL ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION } : null,
      reporterDataDays: config.REPORTER_DATA_DAYS,
      // A loopback public URL (local development) also answers to the other loopback names on its port.
      site: siteIdentity(config.PUBLIC_URL, { loopbackAliases: true }),
      devOutboxOnNetwork: config.DEV_OUTBOX_ON_NETWORK,
      sessionIdleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS,
      magicLinkLimits: {
        perAddress: config.MAGIC_LINK_LIMIT_PER_ADDRESS,
        perClient: config.MAGIC_LINK_LIMIT_PER_CLIENT,
        windowMs: config.MAGIC_LINK_LIMIT_WINDOW_MINUTES * 60_000,
      },
      ...(config.ASSOCIATION_ADMIN_URL ? { associationAdminUrl: config.ASSOCIATION_ADMIN_URL } : {}),
      ...(config.TWILIO_AUTH_TOKEN ? { twilioAuthToken: config.TWILIO_AUTH_TOKEN } : {}),
      ...(config.TWILIO_WEBHOOK_URL ? { smsWebhookUrl: config.TWILIO_WEBHOOK_URL } : {}),
    },
    logger,
    ...(wiring.metrics ? { metrics: wiring.metrics } : {}),
    ...(wiring.foreground ? { foreground: wiring.foreground } : {}),
    ...(wiring.requestLogLevel ? { requestLogLevel: wiring.requestLogLevel } : {}),
  });
}
