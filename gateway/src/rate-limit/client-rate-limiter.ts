export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Bucket = { tokens: number; updatedAt: number };

/** Above this many clients, buckets that have refilled completely (idle clients) are dropped. */
const MAX_TRACKED_CLIENTS = 10_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A token bucket per client (by IP address), in memory: a client may send `capacity` requests at once and gets
 * `capacity` more spread over each hour. Per gateway process: behind several gateways a client gets that much
 * from each, which is still a bound.
 */
export class ClientRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  /** Idle buckets are looked for once the map grows past this, which then doubles: never a walk on every request. */
  private forgetAbove = MAX_TRACKED_CLIENTS;

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): RateLimitDecision {
    const now = this.now();
    const bucket = this.refilled(this.buckets.get(client), now);
    if (bucket.tokens < 1) {
      this.buckets.set(client, bucket);
      return { allowed: false, retryAfterSeconds: Math.ceil(((1 - bucket.tokens) * HOUR_MS) / this.capacity / 1000) };
    }
    this.buckets.set(client, { tokens: bucket.tokens - 1, updatedAt: now });
    if (this.buckets.size > this.forgetAbove) {
      this.forgetIdle(now);
      this.forgetAbove = Math.max(MAX_TRACKED_CLIENTS, 2 * this.buckets.size);
    }
    return { allowed: true };
  }

  private refilled(bucket: Bucket | undefined, now: number): Bucket {
    if (!bucket) return { tokens: this.capacity, updatedAt: now };
    const elapsed = Math.max(0, now - bucket.updatedAt);
    return { tokens: Math.min(this.capacity, bucket.tokens + (elapsed * this.capacity) / HOUR_MS), updatedAt: now };
  }

  private forgetIdle(now: number): void {
    for (const [client, bucket] of this.buckets) {
      if (this.refilled(bucket, now).tokens >= this.capacity) this.buckets.delete(client);
    }
  }
}
