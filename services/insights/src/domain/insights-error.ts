export type InsightsErrorCode =
  /** A period that is empty, reversed or longer than two years. */
  'INSIGHTS.INVALID_PERIOD';

export class InsightsError extends Error {
  override readonly name = 'InsightsError';

  constructor(
    readonly code: InsightsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
