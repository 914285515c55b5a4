import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';

/**
 * A route's per-client limit as a hook that runs before the request is checked against the contract: every request
 * counts, a malformed one too, and one over the limit is told so (429, `Retry-After`, the route's own message) whatever
 * else is wrong with it.
 */
export function refuseOverLimit(limiter: ClientRateLimiter, message: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const limit = await limiter.take(request);
    if (limit.allowed) return undefined;
    return reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message });
  };
}
