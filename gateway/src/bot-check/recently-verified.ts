import { createHash } from 'node:crypto';

const DEFAULT_TTL_MS = 10 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

/**
 * Submissions whose bot-check token passed a moment ago, by idempotency id and token. A provider's token is single
 * use, so without this a network retry of the very same request would be refused as a bot (429) instead of being
 * answered as a replay (409). Only the same id with the same token passes again; any other submission is verified.
 */
export class RecentlyVerified {
  private readonly passedAt = new Map<string, number>();

  constructor(
    private readonly ttlMs: number = DEFAULT_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(idempotencyId: string, token: string): void {
    const key = keyOf(idempotencyId, token);
    this.passedAt.delete(key);
    this.passedAt.set(key, this.now());
    if (this.passedAt.size > MAX_REMEMBERED) {
      const oldest = this.passedAt.keys().next().value;
      if (oldest !== undefined) this.passedAt.delete(oldest);
    }
  }

  has(idempotencyId: string, token: string): boolean {
    const at = this.passedAt.get(keyOf(idempotencyId, token));
    return at !== undefined && this.now() - at <= this.ttlMs;
  }
}

/** Hashed, so the map holds no usable token. */
function keyOf(idempotencyId: string, token: string): string {
  return `${idempotencyId}\u0000${createHash('sha256').update(token).digest('base64url')}`;
}
