import { normaliseEmail } from '../domain/member.js';
import type { Clock, LoginTokenRepository, TokenSecrets } from './ports.js';

export class IssueLoginToken {
  constructor(
    private readonly ports: {
      tokens: LoginTokenRepository;
      secrets: TokenSecrets;
      clock: Clock;
      ttlMs: number;
    },
  ) {}

  /**
   * A fresh single-use token for the email, known or not (the member is created when the link is opened). Only its
   * hash is stored, so a copy of the store cannot log anyone in.
   */
  async execute(rawEmail: string): Promise<{ token: string; expiresAt: Date; validForMs: number }> {
    const email = normaliseEmail(rawEmail);
    const token = this.ports.secrets.newToken();
    const expiresAt = new Date(this.ports.clock.now().getTime() + this.ports.ttlMs);
    await this.ports.tokens.save({ tokenHash: this.ports.secrets.hash(token), email, expiresAt });
    return { token, expiresAt, validForMs: this.ports.ttlMs };
  }
}
