export type ReportErrorCode =
  | 'REPORT.INVALID_SUBMISSION'
  | 'REPORT.IDEMPOTENCY_KEY_REUSED'
  | 'REPORT.NOT_FOUND'
  | 'REPORT.CLAIM_CODES_EXHAUSTED'
  | 'REPORT.ADDRESS_UNRESOLVED'
  | 'REPORT.INVALID_IMAGE'
  | 'REPORT.IMAGE_TOO_LARGE'
  | 'REPORT.NO_COVERAGE'
  | 'REPORT.NOT_ALERTED'
  | 'REPORT.INVALID_ALERT'
  | 'REPORT.ALREADY_CLAIMED'
  | 'REPORT.NOT_CLAIMER'
  | 'REPORT.NOT_CLAIMED'
  | 'REPORT.CLAIM_WINDOW_OVER'
  | 'REPORT.INVALID_REASON'
  | 'REPORT.INVALID_OUTCOME'
  | 'REPORT.NO_IMAGE';

/** A broken report rule; `code` is stable across process boundaries, `details` lists what was wrong. */
export class ReportError extends Error {
  override readonly name = 'ReportError';

  constructor(
    readonly code: ReportErrorCode,
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}
