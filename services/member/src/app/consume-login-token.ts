import { MemberError } from '../domain/member-error.js';
import type { EnsureMember, EnsureMemberResult } from './ensure-member.js';
import type { Clock, LoginTokenRepository, TokenSecrets } from './ports.js';

const MAX_TOKEN_LENGTH = 256;

export class ConsumeLoginToken {
  constructor(
    private readonly tokens: LoginTokenRepository,
    private readonly secrets: TokenSecrets,
    private readonly clock: Clock,
    private readonly ensureMember: EnsureMember,
  ) {}

  /** The member the token logs in, created on first login; the token works once, before it expires. */
  async execute(token: string): Promise<EnsureMemberResult> {
    const stored =
      token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? await this.tokens.consume(this.secrets.hash(token), this.clock.now()) : undefined;
    if (!stored) throw new MemberError('MEMBER.LOGIN_TOKEN_INVALID', 'This login link is invalid, used or expired.');
    return this.ensureMember.execute(stored.email);
  }
}
