import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long a retry of the very same submission may skip the bot check. */
export const VERIFIED_SUBMISSION_TTL_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

/**
 * Submissions whose bot-check token passed a moment ago, by idempotency id and token. A provider's token is single
 * use, so without this a network retry of the very same request would be refused as a bot (429) instead of being
 * answered as a replay (409). Only the same id with the same token passes again; any other submission is verified.
 * Shared by every gateway replica (a retry may reach another one), or kept in this process on the embedded default.
 */
export interface VerifiedSubmissions {
  remember(idempotencyId: string, token: string): Promise<void>;
  has(idempotencyId: string, token: string): Promise<boolean>;
}

export class MemoryVerifiedSubmissions implements VerifiedSubmissions {
  private readonly passedAt = new Map<string, number>();

  constructor(
    private readonly ttlMs: number = VERIFIED_SUBMISSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async remember(idempotencyId: string, token: string): Promise<void> {
    const key = keyOf(idempotencyId, token);
    this.passedAt.delete(key);
    this.passedAt.set(key, this.now());
    if (this.passedAt.size > MAX_REMEMBERED) {
      const oldest = this.passedAt.keys().next().value;
      if (oldest !== undefined) this.passedAt.delete(oldest);
    }
  }

  async has(idempotencyId: string, token: string): Promise<boolean> {
    const at = this.passedAt.get(keyOf(idempotencyId, token));
    return at !== undefined && this.now() - at <= this.ttlMs;
  }
}

/** One key per passed submission, expiring with its window, so every gateway replica sees it. */
export class RedisVerifiedSubmissions implements VerifiedSubmissions {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly ttlMs: number = VERIFIED_SUBMISSION_TTL_MS,
  ) {}

  // A Redis outage (logged by the connection's watch) must not stop reports: a submission is then simply not
  // remembered, and a retry of it is bot-checked again.
  async remember(idempotencyId: string, token: string): Promise<void> {
    await this.redis.set(this.keyPrefix + keyOf(idempotencyId, token), '1', 'PX', this.ttlMs).catch(() => undefined);
  }

  async has(idempotencyId: string, token: string): Promise<boolean> {
    return (await this.redis.exists(this.keyPrefix + keyOf(idempotencyId, token)).catch(() => 0)) === 1;
  }
}

/** Hashed, so no store holds a usable token. */
function keyOf(idempotencyId: string, token: string): string {
  return `${idempotencyId}\u0000${createHash('sha256').update(token).digest('base64url')}`;
}
