import { createRequire } from 'node:module';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** One route's limit: its requests per client address and hour. */
export interface ClientRateLimiter {
  take(request: FastifyRequest): Promise<RateLimitDecision>;
}

/** A limit counted per key the route names (a client address, an email address's hash), in fixed windows. */
export interface KeyedRateLimiter {
  take(request: FastifyRequest, key: string): Promise<RateLimitDecision>;
}

/** Where the counts live: Redis shared by every gateway replica, under `keyPrefix`; this process's memory without it. */
export type RateLimitStore = { redis: Redis; keyPrefix: string };

const HOUR_MS = 60 * 60 * 1000;

/** The library's own in-memory store (fixed windows in an LRU map of 5000 keys), which it does not export by name. */
const LibraryMemoryStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

/**
 * The library's in-memory store, answering each count with a copy of its counter. The store itself answers with the
 * counter object it keeps counting in, and the library reads it only after an await: concurrent requests on one key
 * would then all read the count of the last one, and every one of them be refused where the first ones were within
 * the limit. (Its Redis store answers with the count of each request.)
 */
class MemoryStore implements FastifyRateLimitStore {
  private readonly counts = new LibraryMemoryStore(false, false);

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
    this.counts.incr(key, (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }

  /** Only route-level limits ask for a child store; every limit here is counted through `createRateLimit()`. */
  child(): FastifyRateLimitStore {
    return this;
  }
}

/** What one count is made of: the library's key, maximum and window are read from it. */
type Limit = {
  key: string;
  max: number;
  windowMs: number;
  /** What an unreachable store means: let the request through, or fail it (the error reaches the error handler). */
  whenStoreFails: 'allow' | 'fail';
};

/** What the library answers for one count. */
type Counted = { isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number };

/**
 * Every request limit of the gateway, counted by @fastify/rate-limit in fixed windows: in Redis when given, by one
 * atomic Lua script, so every gateway replica counts a client once; in memory otherwise (the embedded product).
 *
 * - The public routes (reports, feedback, address suggestions, claim links, test alerts) per client address (its IP,
 *   from X-Forwarded-For with TRUST_PROXY) and hour; a Redis outage lets them through rather than failing them.
 * - Login links per client address and per email address, in the window the configuration names; a Redis outage fails
 *   the request, as login cannot go on without Redis anyway (sessions live there).
 *
 * Each route keeps answering its own refusal (429, Retry-After where the spec has one, its message); the library only
 * counts.
 */
export class RateLimits {
  private constructor(
    private readonly count: (request: FastifyRequest) => Promise<Counted>,
    private readonly limitOf: WeakMap<FastifyRequest, Limit>,
  ) {}

  static async register(app: FastifyInstance, store: RateLimitStore | undefined): Promise<RateLimits> {
    // The limit being checked, per request: set just before each count.
    const limitOf = new WeakMap<FastifyRequest, Limit>();
    const limit = (request: FastifyRequest): Limit => {
      const found = limitOf.get(request);
      if (!found) throw new Error('a rate limit was checked without a limit');
      return found;
    };
    await app.register(fastifyRateLimit, {
      global: false,
      ...(store ? { redis: store.redis, nameSpace: store.keyPrefix } : { store: MemoryStore }),
      // Store errors reach `decide`, which lets each limit choose.
      skipOnError: false,
      timeWindow: (request) => limit(request).windowMs,
      max: (request) => limit(request).max,
      keyGenerator: (request) => limit(request).key,
    });
    return new RateLimits(app.createRateLimit(), limitOf);
  }

  /** `perHour` requests per client address and hour, counted under `name` (one count per route). */
  perClientPerHour(name: string, perHour: number): ClientRateLimiter {
    return {
      take: (request) => this.decide(request, { key: `${name}:${request.ip}`, max: perHour, windowMs: HOUR_MS, whenStoreFails: 'allow' }),
    };
  }

  /**
   * `max` attempts per key in windows of `windowMs`, counted under `name` (the store's key is `name:key`); an
   * unreachable store fails the request rather than letting attempts through uncounted.
   */
  perKey(name: string, max: number, windowMs: number): KeyedRateLimiter {
    return {
      take: (request, key) => this.decide(request, { key: `${name}:${key}`, max, windowMs, whenStoreFails: 'fail' }),
    };
  }

  private async decide(request: FastifyRequest, limit: Limit): Promise<RateLimitDecision> {
    this.limitOf.set(request, limit);
    let counted: Counted;
    try {
      counted = await this.count(request);
    } catch (error) {
      if (limit.whenStoreFails === 'allow') return { allowed: true };
      throw error;
    } finally {
      this.limitOf.delete(request);
    }
    if (!counted.isExceeded) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, counted.ttlInSeconds ?? 1) };
  }
}
