import type { LoginTokenRepository, StoredLoginToken } from '../../app/ports.js';

/** Expired tokens are dropped at most this often, so consuming one never walks every token issued. */
const SWEEP_INTERVAL_MS = 60_000;

export class MemoryLoginTokenRepository implements LoginTokenRepository {
  private readonly tokens = new Map<string, StoredLoginToken>();
  private nextSweepAt = 0;

  async save(token: StoredLoginToken): Promise<void> {
    this.tokens.set(token.tokenHash, structuredClone(token));
  }

  async consume(tokenHash: string, now: Date): Promise<StoredLoginToken | undefined> {
    // Read and delete in one turn: a second call for the same hash finds nothing.
    const token = this.tokens.get(tokenHash);
    this.tokens.delete(tokenHash);
    this.dropExpired(now);
    return token && token.expiresAt.getTime() > now.getTime() ? structuredClone(token) : undefined;
  }

  async removeForEmail(email: string): Promise<void> {
    for (const [hash, token] of this.tokens) if (token.email === email) this.tokens.delete(hash);
  }

  private dropExpired(now: Date): void {
    if (now.getTime() < this.nextSweepAt) return;
    this.nextSweepAt = now.getTime() + SWEEP_INTERVAL_MS;
    for (const [hash, token] of this.tokens) if (token.expiresAt.getTime() <= now.getTime()) this.tokens.delete(hash);
  }
}
