import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REPORTER_DATA_DAYS } from '@swarm/proto/labels';
import { env, traceExportEnvShape } from '@swarm/runtime';
import { geocoderEnvShape } from '@swarm/runtime/geocoding';
import { z } from 'zod';
import type { SiteIdentity } from './auth/site-identity.js';

/** Compose and Kubernetes pass a declared but empty variable as ''; for an optional setting that means "not set". */
const optionalSetting = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A VAPID public key as browsers take it (applicationServerKey): base64url of an uncompressed P-256 point. */
const isVapidPublicKey = (value: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const octets = Buffer.from(value, 'base64url');
  return octets.length === 65 && octets[0] === 0x04;
};

const builtFrontend = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

export const gatewayConfigShape = {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  /** Serves GET /metrics (Prometheus) on this port, apart from the public one; unset, no metrics listener. */
  METRICS_PORT: env.optionalPort(),
  /** OTEL_EXPORTER_OTLP_ENDPOINT and the variables beside it: spans exported over OTLP when it is set. */
  ...traceExportEnvShape,
  HOST: z.string().default('0.0.0.0'),
  REPORT_SERVICE_URL: z.url().default('http://127.0.0.1:8081'),
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
  NOTIFICATION_SERVICE_URL: z.url().default('http://127.0.0.1:8084'),
  INSIGHTS_SERVICE_URL: z.url().default('http://127.0.0.1:8085'),
  /** The built site; a relative path is taken from the working directory. */
  STATIC_DIR: z.string().default(builtFrontend).transform((path) => resolve(path)),
  REPORT_IMAGE_MAX_BYTES: env.positiveInt(10 * 1024 * 1024),
  SHUTDOWN_GRACE_MS: env.positiveInt(10_000),
  SESSION_COOKIE_SECURE: env.boolean(true),
  SESSION_IDLE_TIMEOUT_MS: env.positiveInt(7 * 24 * 60 * 60 * 1000),
  TRUST_PROXY: env.boolean(false),
  ...geocoderEnvShape,
  BOT_CHECK: z.enum(['dev', 'recaptcha']).default('dev'),
  RECAPTCHA_SECRET: optionalSetting(z.string().min(1)),
  RECAPTCHA_SITE_KEY: optionalSetting(z.string().min(1)),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  RECAPTCHA_HOSTNAMES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((hostname) => hostname.trim()).filter(Boolean)),
  ALERT_SENDER_NUMBER: optionalSetting(z.string().min(1)),
  /** An https XYZ tile template for the association map ({z}, {x}, {y}, optionally {s}); unset: no tile layer. */
  MAP_TILE_URL: optionalSetting(
    z
      .string()
      .trim()
      .refine((template) => mapTileOrigin(template) !== null && template.includes('{z}') && template.includes('{x}') && template.includes('{y}'), {
        message: 'an http(s) URL template with {z}, {x} and {y}',
      }),
  ),
  /** What the map shows under its tiles: the tile provider's required credit. */
  MAP_TILE_ATTRIBUTION: z.string().trim().default('Map tiles: the tile provider'),
  /**
   * The report service's REPORTER_DATA_DAYS (set both alike): served by GET /api/config, so the privacy page states
   * the period the product keeps a reporter's data after a report ended.
   */
  REPORTER_DATA_DAYS: z.coerce.number().positive().finite().default(DEFAULT_REPORTER_DATA_DAYS),
  FEEDBACK_SINK: z.enum(['local', 'sentry']).default('local'),
  SENTRY_DSN: optionalSetting(z.url()),
  REPORTS_PER_HOUR_PER_CLIENT: env.positiveInt(30),
  FEEDBACK_PER_HOUR_PER_CLIENT: env.positiveInt(30),
  PLACE_SUGGESTIONS_PER_HOUR_PER_CLIENT: env.positiveInt(600),
  /** Claim-link views and claims together (no session: the token is the proof). */
  ALERT_CLAIMS_PER_HOUR_PER_CLIENT: env.positiveInt(120),
  /** Test alerts a member asks for (each may be a text message the product pays for). */
  TEST_ALERTS_PER_HOUR_PER_CLIENT: env.positiveInt(10),
  /**
   * The VAPID public key browsers subscribe to push with, served by GET /api/config; the same pair's private key
   * signs the notification service's pushes (its WEB_PUSH_PRIVATE_KEY). Empty: no push on this site.
   */
  WEB_PUSH_PUBLIC_KEY: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || isVapidPublicKey(value), 'must be a VAPID public key: base64url of a 65-octet uncompressed P-256 point'),
  /** The product's public base URL (links in emails, OpenID redirect URIs, the Origin accepted on mutations). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Sessions, rate limits and pending logins: shared in Redis, or in this process's memory (one gateway only). */
  SESSION_STORE: z.enum(['redis', 'memory']).default('redis'),
  /** Starts every key the gateway writes to Redis, so several deployments (or test stacks) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only').default('swarm'),
  REDIS_URL: z.string().startsWith('redis').default('redis://127.0.0.1:6379'),
  /** 'smtp' sends through SMTP_URL; 'dev-outbox' keeps emails for /dev/outbox (development only). */
  MAILER: z.enum(['smtp', 'dev-outbox']).default('smtp'),
  /**
   * The dev outbox lists live login links, so it answers only requests from this machine, and a gateway listening
   * beyond loopback (HOST) refuses to start with it unless this is true (a container whose port is published to
   * the host's loopback, for instance).
   */
  DEV_OUTBOX_ON_NETWORK: env.boolean(false),
  SMTP_URL: optionalSetting(z.string().regex(/^smtps?:\/\//)),
  MAIL_FROM: z.string().min(3).default('Swarm Alert <no-reply@localhost>'),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalSetting(z.string().min(1)),
  OIDC_CLIENT_SECRET: optionalSetting(z.string().min(1)),
  ASSOCIATION_ADMIN_URL: optionalSetting(z.url()),
  MAGIC_LINK_LIMIT_PER_ADDRESS: env.positiveInt(5),
  MAGIC_LINK_LIMIT_PER_CLIENT: env.positiveInt(20),
  MAGIC_LINK_LIMIT_WINDOW_MINUTES: env.positiveInt(60),
  /** Checks the signature of Twilio's inbound SMS webhook; unset, POST /api/sms/inbound refuses every request. */
  TWILIO_AUTH_TOKEN: optionalSetting(z.string().min(1)),
  /** The webhook URL exactly as configured at Twilio (it is signed); default PUBLIC_URL + /api/sms/inbound. */
  TWILIO_WEBHOOK_URL: optionalSetting(z.url()),
};

export type GatewaySettings = {
  staticDir: string;
  reportImageMaxBytes: number;
  /** False only for local development over plain HTTP. */
  secureCookies: boolean;
  /** Take the client address from X-Forwarded-For (only behind a proxy that sets it). Default false. */
  trustProxy?: boolean;
  /** Token-bucket limits per client address. Default 30 each. */
  reportsPerHourPerClient?: number;
  feedbackPerHourPerClient?: number;
  /** Address suggestions per client address and hour (each is a paid call with GEOCODER=google). Default 600. */
  placeSuggestionsPerHourPerClient?: number;
  /** Claim-link views and claims per client address and hour. Default 120. */
  alertClaimsPerHourPerClient?: number;
  /** Test alerts per client address and hour. Default 10. */
  testAlertsPerHourPerClient?: number;
  /** Served by GET /api/config as `webPushPublicKey`. Default '' (no push). */
  webPushPublicKey?: string;
  /** Served by GET /api/config. Default null. */
  recaptchaSiteKey?: string | null;
  alertSenderNumber?: string | null;
  /** Served by GET /api/config as `mapTiles`; its origin is allowed as an image source. Default null. */
  mapTiles?: { url: string; attribution: string } | null;
  /** Served by GET /api/config. Default 30. */
  reporterDataDays?: number;
  /** The public URL and the hosts and origins mutations may name; links are built from it, never from a request. */
  site: SiteIdentity;
  sessionIdleTimeoutMs?: number;
  magicLinkLimits?: { perAddress: number; perClient: number; windowMs: number };
  associationAdminUrl?: string;
  /** Serve the dev outbox to requests from other machines too (they must still name a loopback host). */
  devOutboxOnNetwork?: boolean;
  /** Twilio's auth token, for the inbound SMS webhook signature; without it the webhook refuses every request. */
  twilioAuthToken?: string;
  /** The signed webhook URL; default the public URL + /api/sms/inbound. */
  smsWebhookUrl?: string;
};

/** The origin a tile template fetches from ({s} as 'a', as the site fills it), or null for anything but http(s). */
export function mapTileOrigin(template: string): string | null {
  try {
    const url = new URL(template.replaceAll('{s}', 'a').replaceAll(/\{[a-z]\}/g, '0'));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}
