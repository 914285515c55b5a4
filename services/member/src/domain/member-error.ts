export type MemberErrorCode = 'MEMBER.INVALID_EMAIL' | 'MEMBER.NOT_FOUND';

/** A broken member rule; `code` is stable across process boundaries, `details` lists what was wrong. */
export class MemberError extends Error {
  override readonly name = 'MemberError';

  constructor(
    readonly code: MemberErrorCode,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
