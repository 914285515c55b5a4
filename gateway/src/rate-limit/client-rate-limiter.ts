import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One route's limit: its requests per client address and hour. */
export interface ClientRateLimiter {
  take(request: FastifyRequest): Promise<RateLimitDecision>;
}

/** Where the counts live: Redis shared by every gateway replica, under `keyPrefix`; this process's memory without it. */
export type RateLimitStore = { redis: Redis; keyPrefix: string };

const HOUR_MS = 60 * 60 * 1000;

type Limit = { name: string; perHour: number };

/**
 * The per-client limits of the public routes (reports, feedback, address suggestions), counted by @fastify/rate-limit
 * in fixed hourly windows per client address (its IP, from X-Forwarded-For with TRUST_PROXY): in Redis when given, by
 * one atomic Lua script, so every gateway replica counts a client once; in memory otherwise (the embedded product).
 * A Redis outage lets requests through rather than failing them. Each route keeps answering its own refusal (429,
 * Retry-After, its message); the library only counts.
 */
export class ClientRateLimits {
  private constructor(
    private readonly count: (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>,
    private readonly limitOf: WeakMap<FastifyRequest, Limit>,
  ) {}

  static async register(app: FastifyInstance, store: RateLimitStore | undefined): Promise<ClientRateLimits> {
    // The limit being checked, per request: the library's key and maximum are read from it.
    const limitOf = new WeakMap<FastifyRequest, Limit>();
    const limit = (request: FastifyRequest): Limit => {
      const found = limitOf.get(request);
      if (!found) throw new Error('a client rate limit was checked without a limit');
      return found;
    };
    await app.register(fastifyRateLimit, {
      global: false,
      ...(store ? { redis: store.redis, nameSpace: store.keyPrefix } : {}),
      skipOnError: true,
      timeWindow: HOUR_MS,
      max: (request) => limit(request).perHour,
      keyGenerator: (request) => `${limit(request).name}:${request.ip}`,
    });
    return new ClientRateLimits(app.createRateLimit(), limitOf);
  }

  /** `perHour` requests per client address and hour, counted under `name` (one count per route). */
  perClientPerHour(name: string, perHour: number): ClientRateLimiter {
    return {
      take: async (request) => {
        this.limitOf.set(request, { name, perHour });
        const counted = await this.count(request);
        if (!counted.isExceeded) return { allowed: true };
        return { allowed: false, retryAfterSeconds: Math.max(1, counted.ttlInSeconds ?? 1) };
      },
    };
  }
}
