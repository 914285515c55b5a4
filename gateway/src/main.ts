import { createLogger, loadConfigOrExit, runMain, type Logger } from '@swarm/runtime';
import { Redis } from 'ioredis';
import { DevBotCheck, type BotCheck } from './bot-check/bot-check.js';
import { RecaptchaBotCheck } from './bot-check/recaptcha-bot-check.js';
import type { FeedbackSink } from './feedback/feedback-sink.js';
import { LocalFeedbackSink } from './feedback/local-feedback-sink.js';
import { SentryFeedbackSink } from './feedback/sentry-feedback-sink.js';
import type { Geocoder } from './geocoding/geocoder.js';
import { GooglePlacesGeocoder } from './geocoding/google-places-geocoder.js';
import { buildGateway } from './app.js';
import { MemorySessionStore } from './auth/memory-session-store.js';
import { OpenIdProvider } from './auth/openid-provider.js';
import { MemoryPendingLoginStore, RedisPendingLoginStore, type PendingLoginStore } from './auth/pending-logins.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './auth/rate-limiter.js';
import { RedisSessionStore } from './auth/redis-session-store.js';
import { isLoopbackListenAddress, siteIdentity } from './auth/site-identity.js';
import type { SessionStore } from './auth/session-store.js';
import { DevOutbox, DevOutboxMailer } from './mail/dev-outbox.js';
import type { Mailer } from './mail/mailer.js';
import { SmtpMailer } from '@swarm/runtime/smtp';
import { createServiceClients, networkTransports } from './clients/service-clients.js';
import { gatewayConfigShape } from './config.js';
import { OfflineGeocoder } from './geocoding/offline-geocoder.js';

const config = loadConfigOrExit(gatewayConfigShape);
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
if (config.MAILER === 'dev-outbox' && !isLoopbackListenAddress(config.HOST)) {
  if (!config.DEV_OUTBOX_ON_NETWORK) {
    process.stderr.write(
      `Invalid configuration:\n  HOST: ${config.HOST} is reachable from other machines, and MAILER=dev-outbox would show them every login link; listen on 127.0.0.1, use MAILER=smtp, or set DEV_OUTBOX_ON_NETWORK=true to serve the dev outbox anyway\n`,
    );
    process.exit(1);
  }
  logger.warn({ host: config.HOST }, 'DEV_OUTBOX_ON_NETWORK=true: the dev outbox with live login links is served to any machine that reaches this port and names a loopback host');
}
if (config.MAILER === 'smtp' && !config.SMTP_URL) {
  process.stderr.write('Invalid configuration:\n  SMTP_URL: required when MAILER=smtp (not set; MAILER=dev-outbox keeps emails for /dev/outbox in development)\n');
  process.exit(1);
}

/** A provider chosen without its credentials stops the gateway before it starts, naming the missing variable. */
function required(value: string | undefined, variable: string, because: string): string {
  if (value) return value;
  process.stderr.write(`Invalid configuration:\n  ${variable}: required when ${because} (not set)\n`);
  process.exit(1);
}

function geocoderFromConfig(): Geocoder {
  if (config.GEOCODER === 'offline') return new OfflineGeocoder();
  return new GooglePlacesGeocoder({
    apiKey: required(config.GOOGLE_MAPS_API_KEY, 'GOOGLE_MAPS_API_KEY', 'GEOCODER=google'),
    placesBaseUrl: config.GOOGLE_PLACES_BASE_URL,
    geocodingBaseUrl: config.GOOGLE_GEOCODING_BASE_URL,
  });
}

function botCheckFromConfig(log: Logger): BotCheck {
  if (config.BOT_CHECK === 'dev') {
    log.warn('BOT_CHECK=dev: any non-empty bot-check token is accepted; set BOT_CHECK=recaptcha in production');
    return new DevBotCheck();
  }
  return new RecaptchaBotCheck({
    secret: required(config.RECAPTCHA_SECRET, 'RECAPTCHA_SECRET', 'BOT_CHECK=recaptcha'),
    verifyUrl: config.RECAPTCHA_VERIFY_URL,
    minScore: config.RECAPTCHA_MIN_SCORE,
    hostnames: config.RECAPTCHA_HOSTNAMES,
  });
}

function feedbackFromConfig(log: Logger): FeedbackSink {
  if (config.FEEDBACK_SINK === 'local') return new LocalFeedbackSink(log);
  return new SentryFeedbackSink(required(config.SENTRY_DSN, 'SENTRY_DSN', 'FEEDBACK_SINK=sentry'));
}

const geocoder = geocoderFromConfig();
const botCheck = botCheckFromConfig(logger);
const feedback = feedbackFromConfig(logger);
const recaptchaSiteKey =
  config.BOT_CHECK === 'recaptcha' ? required(config.RECAPTCHA_SITE_KEY, 'RECAPTCHA_SITE_KEY', 'BOT_CHECK=recaptcha') : null;

await runMain(logger, async (lifecycle) => {
  const clients = createServiceClients(
    networkTransports({
      report: config.REPORT_SERVICE_URL,
      member: config.MEMBER_SERVICE_URL,
      'association-billing': config.ASSOCIATION_BILLING_SERVICE_URL,
      notification: config.NOTIFICATION_SERVICE_URL,
    }),
  );

  let mailer: Mailer;
  let devOutbox: DevOutbox | undefined;
  if (config.MAILER === 'smtp') {
    const smtp = new SmtpMailer({ smtpUrl: config.SMTP_URL ?? '', from: config.MAIL_FROM });
    lifecycle.onShutdown('smtp', async () => smtp.close());
    mailer = smtp;
  } else {
    devOutbox = new DevOutbox();
    mailer = new DevOutboxMailer(devOutbox);
    logger.warn('MAILER=dev-outbox: emails are not sent but kept for /dev/outbox');
  }

  let sessions: SessionStore;
  let rateLimiter: RateLimiter;
  let pendingLogins: PendingLoginStore;
  if (config.SESSION_STORE === 'redis') {
    const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 3 });
    await redis.connect();
    lifecycle.onShutdown('redis', async () => {
      await redis.quit();
    });
    const prefix = config.REDIS_KEY_PREFIX;
    sessions = new RedisSessionStore(redis, { idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS, keyPrefix: `${prefix}:session:` });
    rateLimiter = new RedisRateLimiter(redis, `${prefix}:rate:`);
    pendingLogins = new RedisPendingLoginStore(redis, `${prefix}:oidc:`);
  } else {
    sessions = new MemorySessionStore({ idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MS });
    rateLimiter = new MemoryRateLimiter();
    pendingLogins = new MemoryPendingLoginStore();
  }

  const google =
    config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? new OpenIdProvider({ name: 'google', issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET })
      : undefined;
  if (!google) logger.warn('OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set: the site hides Google login and association sign-up');

  const app = await buildGateway({
    clients,
    adapters: {
      geocoder,
      sessions,
      botCheck,
      feedback,
      login: {
        mailer,
        ...(devOutbox ? { devOutbox } : {}),
        rateLimiter,
        pendingLogins,
        openIdProviders: { google },
      },
    },
    settings: {
      staticDir: config.STATIC_DIR,
      reportImageMaxBytes: config.REPORT_IMAGE_MAX_BYTES,
      secureCookies: config.SESSION_COOKIE_SECURE,
      trustProxy: config.TRUST_PROXY,
      reportsPerHourPerClient: config.REPORTS_PER_HOUR_PER_CLIENT,
      feedbackPerHourPerClient: config.FEEDBACK_PER_HOUR_PER_CLIENT,
      placeSuggestionsPerHourPerClient: config.PLACE_SUGGESTIONS_PER_HOUR_PER_CLIENT,
      recaptchaSiteKey,
      alertSenderNumber: config.ALERT_SENDER_NUMBER ?? null,
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
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Fastify's close stops accepting connections and waits for in-flight requests.
  lifecycle.onShutdown('http server', () => app.close());
});
