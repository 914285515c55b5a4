export type AssociationErrorCode = 'ASSOCIATION.INVALID' | 'ASSOCIATION.NOT_FOUND';

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
