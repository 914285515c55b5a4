import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

const HOUR_MS = 60 * 60 * 1000;
const NO_HEADER = { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false } as const;

/** Where the counts live: Redis shared by every gateway replica, under `keyPrefix`; this process's memory without it. */
export type RateLimitStore = { redis: Redis; keyPrefix: string };

/**
 * Per-client limits of the public routes (reports, feedback, address suggestions) through @fastify/rate-limit: each
 * route that asks (`perClientPerHour`) counts requests per client address in fixed hourly windows, in Redis when given
 * (so two gateways count one client once, atomically, by a Lua script) or in memory (the embedded product). A Redis
 * outage lets requests through rather than failing them. Registered before the routes it limits.
 */
export async function registerClientRateLimits(app: FastifyInstance, store: RateLimitStore | undefined): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(store ? { redis: store.redis, nameSpace: store.keyPrefix } : {}),
    skipOnError: true,
    // A refusal says when to come back (Retry-After); other answers carry nothing more than before.
    addHeadersOnExceeding: NO_HEADER,
    addHeaders: { ...NO_HEADER, 'retry-after': true },
  });
}

/**
 * A route's limit: `perHour` requests per client address (its IP, from X-Forwarded-For with TRUST_PROXY) and hour;
 * beyond it 429 with Retry-After and `{message}`. Checked first thing, before the body is read.
 */
export function perClientPerHour(perHour: number, message: string): { rateLimit: RateLimitOptions } {
  return {
    rateLimit: {
      max: perHour,
      timeWindow: HOUR_MS,
      // The gateway's error handler answers a 4xx error with its status and `{message}`.
      errorResponseBuilder: (_request, context) => Object.assign(new Error(message), { statusCode: context.statusCode }),
    },
  };
}
