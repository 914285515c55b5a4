export type MemberErrorCode =
  | 'MEMBER.INVALID_EMAIL'
  | 'MEMBER.NOT_FOUND'
  | 'MEMBER.INVALID_INFORMATION'
  | 'MEMBER.ADDRESS_UNRESOLVED'
  | 'MEMBER.INVALID_AVAILABILITY'
  | 'MEMBER.INVALID_TIME_ZONE'
  | 'MEMBER.INVALID_ONBOARDING'
  | 'MEMBER.INVALID_LOCATION'
  | 'MEMBER.LOGIN_TOKEN_INVALID'
  | 'MEMBER.TOO_MANY_IDS'
  /** A push subscription a browser sent that cannot be kept (a non-public endpoint, malformed keys, a bad device name). */
  | 'MEMBER.INVALID_PUSH_SUBSCRIPTION'
  /** Every alert channel turned off. */
  | 'MEMBER.INVALID_ALERT_CHANNELS'
  | 'MEMBER.TOO_MANY_DEVICES'
  | 'MEMBER.DEVICE_NOT_FOUND';

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
