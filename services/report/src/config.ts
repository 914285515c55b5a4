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
   * With STORE=memory: the directory whose `pictures` folder keeps the reports' pictures, out of the heap (the embedded
   * product makes one for each run). Unset, the pictures stay in memory too. With STORE=mongo they go to MongoDB.
   */
  DATA_DIR: z.string().min(1).optional(),
};
