import type { LoginTokenRepository, StoredLoginToken } from '../../app/ports.js';

export class MemoryLoginTokenRepository implements LoginTokenRepository {
  private readonly tokens = new Map<string, StoredLoginToken>();

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

  private dropExpired(now: Date): void {
    for (const [hash, token] of this.tokens) if (token.expiresAt.getTime() <= now.getTime()) this.tokens.delete(hash);
  }
}
