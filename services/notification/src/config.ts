import { env, serviceEnvShape } from '@swarm/runtime';
import { DEFAULT_SEND_LEASE_MS } from './app/deliver-once.js';
import { z } from 'zod';
import { DEFAULT_CLAIM_OUTCOME_PROMPT_HOURS, DEFAULT_ESCALATE_AFTER_MINUTES } from './app/report-timers.js';

export const notificationConfigShape = {
  ...serviceEnvShape,
  PORT: env.port(8084),
  MONGODB_DATABASE: z.string().min(1).default('swarm_notification'),
  /** How often the outbox relay looks for AlertSent events left unpublished (it is also woken after each write). */
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  /** Redis for delayed alert jobs; required in the distributed mode. */
  REDIS_URL: z.string().startsWith('redis').optional(),
  /** Inbound SMS looks members up by phone and sets Do Not Disturb; the location text reads the member's phone. */
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  /** Claims by SMS and the claimer's location text. */
  REPORT_SERVICE_URL: z.url().default('http://127.0.0.1:8081'),
  /** Paying memberships of covering members and the 7-cent charge per alert. */
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
  /** Where SMS go: kept in the dev outbox (development, listed by ListDevOutboxSms) or sent through Twilio. */
  SMS_SENDER: z.enum(['dev-outbox', 'twilio']).default('dev-outbox'),
  /** Twilio account SID (AC and 32 hex characters), auth token and sender number (+1 and ten digits); SMS_SENDER=twilio. */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex characters').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().regex(/^(\+1)?\d{10}$/, 'must be +1 and ten digits, or ten digits').optional(),
  /** A Twilio Messaging Service (MG and 32 hex characters) sending from its pool of numbers, instead of TWILIO_FROM_NUMBER. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex characters').optional(),
  /** Twilio's REST API; a local fake in tests. */
  TWILIO_API_BASE_URL: z.url().default('https://api.twilio.com'),
  /** Least time between two SMS from the sender number (a US long code sends about one per second). */
  TWILIO_MIN_SEND_INTERVAL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Minutes after a report became active (submitted or un-claimed) before it is alerted to the members who cover it
   * only through their extra miles, if nobody claimed it. Fractions are taken, for trials.
   */
  ESCALATE_AFTER_MINUTES: z.coerce.number().positive().default(DEFAULT_ESCALATE_AFTER_MINUTES),
  /** Hours after a claim before the claimer is asked what became of the swarm. Fractions are taken, for trials. */
  CLAIM_OUTCOME_PROMPT_HOURS: z.coerce.number().positive().default(DEFAULT_CLAIM_OUTCOME_PROMPT_HOURS),
  /** Claims within this many days delay a member's alerts (spec §4). */
  RECENT_CLAIMS_WINDOW_DAYS: env.positiveInt(7),
  /** BullMQ queue and key prefix of the alert jobs, so stacks sharing one Redis keep apart. */
  ALERT_QUEUE_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/).default('alerts'),
  ALERT_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('swarm'),
  /** Runs of a failing alert job in total, and the first retry's wait (doubled for each further one). */
  ALERT_ATTEMPTS: env.positiveInt(8),
  ALERT_BACKOFF_MS: env.positiveInt(5_000),
  /**
   * How long a running alert job stays locked to its process without the lock being renewed: the jobs of a process
   * that died run again elsewhere (or after its restart) one to two such periods later.
   */
  ALERT_JOB_LOCK_MS: env.positiveInt(30_000),
  /**
   * How long a run owns a message it is sending before another run (a job taken back from a slow worker, or run again
   * after a crash) may take it over and look it up at the provider: the Twilio adapter gives up its call after half.
   */
  SEND_LEASE_MS: z.coerce.number().int().min(1_000).default(DEFAULT_SEND_LEASE_MS),
  /** Who is emailed when a member marks a report bad; unset, the event is only logged. A local address (admin@localhost) is fine. */
  ADMIN_EMAIL: z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address').optional(),
  /** smtp:// or smtps:// URL of the mail relay; unset, emails are only logged (development). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Swarm Alert <no-reply@swarm-alert.invalid>'),
  /** The product's public base URL: the claim links of notifications and alert emails are built from it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /**
   * Signs the claim tokens of notifications and alert emails (at least 32 characters; the same for every replica).
   * Unset, a random one is made for this run, and claim links stop working when the process stops.
   */
  CLAIM_TOKEN_SECRET: z.string().min(32).optional(),
  /** Where notifications go: kept in the dev outbox (development, listed by ListDevOutboxNotifications) or sent by Web Push. */
  PUSH_SENDER: z.enum(['dev-outbox', 'web-push']).default('dev-outbox'),
  /** The VAPID key pair (base64url, as web-push generates it); required when PUSH_SENDER=web-push. */
  WEB_PUSH_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key').optional(),
  WEB_PUSH_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key').optional(),
  /** Who push services contact about this sender: a mailto: or https: URL. */
  WEB_PUSH_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https: URL').default('mailto:no-reply@swarm-alert.invalid'),
};
