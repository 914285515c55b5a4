import { normaliseEmail } from '../domain/member.js';
import type { Clock, LoginTokenRepository, TokenSecrets } from './ports.js';

export class IssueLoginToken {
  constructor(
    private readonly tokens: LoginTokenRepository,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /**
   * A fresh single-use token for the email, known or not (the member is created when the link is opened). Only its
   * hash is stored, so a copy of the store cannot log anyone in.
   */
  async execute(rawEmail: string): Promise<{ token: string; expiresAt: Date; validForMs: number }> {
    const email = normaliseEmail(rawEmail);
    const token = this.secrets.newToken();
    const expiresAt = new Date(this.clock.now().getTime() + this.ttlMs);
    await this.tokens.save({ tokenHash: this.secrets.hash(token), email, expiresAt });
    return { token, expiresAt, validForMs: this.ttlMs };
  }
}
