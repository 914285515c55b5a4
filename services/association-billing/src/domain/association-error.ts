export type AssociationErrorCode =
  | 'ASSOCIATION.INVALID'
  | 'ASSOCIATION.NOT_FOUND'
  | 'ACTIVATION_CODE.INVALID'
  | 'ACTIVATION_CODE.NOT_FOUND'
  | 'MEMBERSHIP.INVALID'
  | 'MEMBERSHIP.ALREADY_MEMBER'
  | 'MEMBERSHIP.NOT_FOUND'
  | 'MEMBERSHIP.NOT_PAYING'
  | 'MEMBERSHIP.TOO_MANY_ATTEMPTS'
  | 'BILLING.INVALID'
  | 'BILLING.TOP_UP_TOO_SMALL'
  | 'BILLING.INSUFFICIENT_FUNDS';

/** A broken association rule; `code` is stable across process boundaries, `details` lists what was wrong. */
export class AssociationError extends Error {
  override readonly name = 'AssociationError';

  constructor(
    readonly code: AssociationErrorCode,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
