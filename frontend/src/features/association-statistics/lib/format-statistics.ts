import { claimedPercent } from '@swarm/proto/views/statistics-figures';

/** How the claimed reports whose claimer recorded no outcome are named beside the outcomes. */
export const NO_OUTCOME_RECORDED = 'No outcome recorded';

export const outcomeName = (outcome: string | null): string => outcome ?? NO_OUTCOME_RECORDED;

/** Shown where a figure does not exist: no claim time when nothing was claimed, no share of nothing alerted. */
export const NO_FIGURE = '—';

const whole = new Intl.NumberFormat('en-US');
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatCount = (value: number): string => whole.format(value);

/** The share of alerted reports someone claimed, as a whole percentage. */
export function formatShare(figures: { reportsAlerted: number; reportsClaimed: number }): string {
  const percent = claimedPercent(figures);
  return percent === null ? NO_FIGURE : `${percent}%`;
}

export const formatMinutes = (minutes: number | null): string => (minutes === null ? NO_FIGURE : tenths.format(minutes));

/** Minutes with their unit, for a figure read on its own (a card) rather than under a column header that names it. */
export const formatMinutesWithUnit = (minutes: number | null): string => (minutes === null ? NO_FIGURE : `${tenths.format(minutes)} min`);

export const formatCents = (cents: number): string => dollars.format(cents / 100);

/** What notifications and email saved: the same alerts as texts, less what they cost (never below nothing). */
export const savedCents = (figures: { alertsCostCents: number; alertsCostByTextCents: number }): number =>
  Math.max(0, figures.alertsCostByTextCents - figures.alertsCostCents);

export { formatLastUtcDay, formatUtcDay } from '@/lib/utc-days';

/** A short M/D label for the chart's axis, in UTC like the weeks. */
export function formatAxisDay(iso: string | null): string {
  if (!iso) return '';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? '' : `${instant.getUTCMonth() + 1}/${instant.getUTCDate()}`;
}
