import { MemberError } from '../domain/member-error.js';
import type { EnsureMember, EnsureMemberResult } from './ensure-member.js';
import type { Clock, LoginTokenRepository, TokenSecrets } from './ports.js';

const MAX_TOKEN_LENGTH = 256;

export class ConsumeLoginToken {
  constructor(
    private readonly ports: {
      tokens: LoginTokenRepository;
      secrets: TokenSecrets;
      clock: Clock;
      ensureMember: EnsureMember;
    },
  ) {}

  /** The member the token logs in, created on first login; the token works once, before it expires. */
  async execute(token: string): Promise<EnsureMemberResult> {
    const stored =
      token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? await this.ports.tokens.consume(this.ports.secrets.hash(token), this.ports.clock.now()) : undefined;
    if (!stored) throw new MemberError('MEMBER.LOGIN_TOKEN_INVALID', 'This login link is invalid, used or expired.');
    return this.ports.ensureMember.execute(stored.email);
  }
}
