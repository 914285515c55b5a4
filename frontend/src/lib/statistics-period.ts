const DAY_MS = 24 * 60 * 60 * 1000;

/** The periods an admin can pick, in weeks; the gateway's default is 12. */
export const PERIOD_WEEKS = [4, 12, 52] as const;
export type PeriodWeeks = (typeof PERIOD_WEEKS)[number];
export const DEFAULT_PERIOD_WEEKS: PeriodWeeks = 12;

export const periodLabel = (weeks: PeriodWeeks): string => `Last ${weeks} weeks`;

/**
 * The first day (YYYY-MM-DD) of a period of `weeks` whole weeks ending with the current one. The statistics count
 * weeks from Monday 00:00 UTC, so the period starts on such a Monday and every bar of the chart is a full week but
 * the current one.
 */
export function periodSince(weeks: number, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - (daysSinceMonday + 7 * (weeks - 1)) * DAY_MS).toISOString().slice(0, 10);
}
