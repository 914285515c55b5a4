import { env, serviceEnvShape } from '@swarm/runtime';
import { geocoderEnvShape } from '@swarm/runtime/geocoding';
import { z } from 'zod';
import { DEFAULT_REPORT_ACTIVE_HOURS } from './domain/lifecycle.js';
import { DEFAULT_REPORTER_DATA_DAYS } from './domain/retention.js';

export const reportConfigShape = {
  ...serviceEnvShape,
  /** The geocoder that places a report's address (GEOCODER, GOOGLE_MAPS_API_KEY…): the same settings as the gateway's. */
  ...geocoderEnvShape,
  PORT: env.port(8081),
  MONGODB_DATABASE: z.string().min(1).default('swarm_report'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  MEMBER_SERVICE_URL: z.url().default('http://127.0.0.1:8082'),
  ASSOCIATION_BILLING_SERVICE_URL: z.url().default('http://127.0.0.1:8083'),
  /** Pictures decoded at once; more wait their turn (a near-limit picture holds ~100 MB while it is decoded). */
  IMAGE_DECODE_CONCURRENCY: env.positiveInt(2),
  /**
   * Hours a report stays active when nobody claims it (from its submission or its last un-claim); then it expires.
   * Fractions are taken (0.5 is half an hour), for trials and tests that reach expiry for real.
   */
  REPORT_ACTIVE_HOURS: z.coerce.number().positive().default(DEFAULT_REPORT_ACTIVE_HOURS),
  /**
   * Days after a report ended before its reporter's name and phone, its street, exact place and pictures are erased
   * (in every service, through report.reporter_data_erased). Fractions are taken, for trials and tests that reach the
   * erasure for real (0.0001 is under 9 seconds).
   */
  REPORTER_DATA_DAYS: z.coerce.number().positive().finite().default(DEFAULT_REPORTER_DATA_DAYS),
  /** How often the report service looks for ended reports whose REPORTER_DATA_DAYS have passed. */
  REPORTER_DATA_SWEEP_INTERVAL_MS: env.positiveInt(60 * 60 * 1000),
  /**
   * Redis for the reports' lifecycle timers (BullMQ), shared by every replica and kept across restarts. Unset, they are
   * timers of this process, armed again from the store at each start (the embedded product).
   */
  REDIS_URL: z.string().startsWith('redis').optional(),
  /** BullMQ queue and key prefix of the lifecycle timers, so stacks sharing one Redis keep apart. */
  REPORT_TIMER_QUEUE_NAME: z.string().regex(/^[A-Za-z0-9_-]+$/).default('report-timers'),
  REPORT_TIMER_QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('swarm'),
  /** Runs of a failing lifecycle timer in total, and the first retry's wait (doubled for each further one). */
  REPORT_TIMER_ATTEMPTS: env.positiveInt(10),
  REPORT_TIMER_BACKOFF_MS: env.positiveInt(5_000),
  /**
   * How often every live report's timer is armed again from the store (also at each start): a timer lost anywhere (a
   * change whose timer gave up, a Redis restored from an older copy) is back within this time.
   */
  REPORT_TIMER_SWEEP_INTERVAL_MS: env.positiveInt(60 * 60 * 1000),
  /**
   * With STORE=memory: the directory whose `pictures` folder keeps the reports' pictures, out of the heap (the embedded
   * product makes one for each run). Unset, the pictures stay in memory too. With STORE=mongo they go to MongoDB.
   */
  DATA_DIR: z.string().min(1).optional(),
};
