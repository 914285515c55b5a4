import { fileURLToPath } from 'node:url';
import { env } from '@swarm/runtime';
import { z } from 'zod';

export const builtFrontendDir = fileURLToPath(new URL('../../../frontend/dist', import.meta.url));

export const launchConfigShape = {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  /** Loopback by default: the embedded product keeps everything in memory and serves a dev outbox of login links. */
  HOST: z.string().default('127.0.0.1'),
  /** Serve the dev outbox to other machines when HOST is beyond loopback (they must still name a loopback host). */
  DEV_OUTBOX_ON_NETWORK: env.boolean(false),
  STATIC_DIR: z.string().default(builtFrontendDir),
  REPORT_IMAGE_MAX_BYTES: env.positiveInt(10 * 1024 * 1024),
  IMAGE_DECODE_CONCURRENCY: env.positiveInt(2),
  /** The URL users reach the product at (links in emails, the accepted Host and Origin); http://localhost:PORT when unset. */
  PUBLIC_URL: z.url().optional(),
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
};
