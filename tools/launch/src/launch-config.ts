import { fileURLToPath } from 'node:url';
import { env } from '@swarm/runtime';
import { z } from 'zod';

export const builtFrontendDir = fileURLToPath(new URL('../../../frontend/dist', import.meta.url));

export const launchConfigShape = {
  LOG_LEVEL: env.logLevel(),
  PORT: env.port(8080),
  HOST: z.string().default('0.0.0.0'),
  STATIC_DIR: z.string().default(builtFrontendDir),
  REPORT_IMAGE_MAX_BYTES: env.positiveInt(10 * 1024 * 1024),
};
