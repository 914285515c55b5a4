import type { Redis } from 'ioredis';

/** What the gateway remembers between sending the browser to the provider and the provider sending it back. */
export type PendingLogin = { provider: string; purpose: 'member' | 'admin'; nonce: string; codeVerifier: string };

/** Pending OpenID Connect logins by their state value, each taken at most once and only within its lifetime. */
export interface PendingLoginStore {
  put(state: string, login: PendingLogin, ttlMs: number): Promise<void>;
  take(state: string): Promise<PendingLogin | undefined>;
}

/** Expired logins are dropped at most this often, so starting a login never walks every pending one. */
const SWEEP_INTERVAL_MS = 60_000;

export class MemoryPendingLoginStore implements PendingLoginStore {
  private readonly logins = new Map<string, { login: PendingLogin; expiresAt: number }>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async put(state: string, login: PendingLogin, ttlMs: number): Promise<void> {
    const now = this.now();
    if (now >= this.nextSweepAt) {
      this.nextSweepAt = now + SWEEP_INTERVAL_MS;
      for (const [key, entry] of this.logins) if (entry.expiresAt <= now) this.logins.delete(key);
    }
    this.logins.set(state, { login: { ...login }, expiresAt: now + ttlMs });
  }

  async take(state: string): Promise<PendingLogin | undefined> {
    const entry = this.logins.get(state);
    this.logins.delete(state);
    return entry && entry.expiresAt > this.now() ? { ...entry.login } : undefined;
  }
}

export class RedisPendingLoginStore implements PendingLoginStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix = 'swarm:oidc:',
  ) {}

  async put(state: string, login: PendingLogin, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.keyPrefix}${state}`, JSON.stringify(login), 'PX', ttlMs);
  }

  async take(state: string): Promise<PendingLogin | undefined> {
    // GETDEL: read and remove in one command, so a state value is used once.
    const raw = await this.redis.getdel(`${this.keyPrefix}${state}`);
    return raw ? (JSON.parse(raw) as PendingLogin) : undefined;
  }
}
