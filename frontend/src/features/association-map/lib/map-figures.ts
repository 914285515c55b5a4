import { FEWER_THAN_THREE } from '@swarm/api-contract/association-map';
import type { MapCell } from '../api/get-association-map';

export { FEWER_THAN_THREE };

/** Shown where a cell has no such figure: no claim time below 3 reports or without a claim. */
export const NO_FIGURE = '—';

const whole = new Intl.NumberFormat('en-US');
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A cell's count as the gateway gave it: a whole number, or 'fewer than 3' (never the exact 1 or 2). */
export const formatCellCount = (count: MapCell['reports']): string => (count === FEWER_THAN_THREE ? FEWER_THAN_THREE : whole.format(count));
export const formatCellMinutes = (minutes: number | null): string => (minutes === null ? NO_FIGURE : tenths.format(minutes));
export const formatCellShare = (share: number | null): string => (share === null ? NO_FIGURE : `${Math.round(share * 100)}%`);
export const formatOutcome = (cell: MapCell, outcome: keyof NonNullable<MapCell['outcomes']>): string =>
  cell.outcomes ? whole.format(cell.outcomes[outcome]) : NO_FIGURE;

/** Whether the count is above nothing: 'fewer than 3' is 1 or 2. */
export const hasAny = (count: MapCell['reports']): boolean => count === FEWER_THAN_THREE || count > 0;

/** The shades of the reports layer, lightest to darkest, and the counts each starts at. */
export const REPORT_BANDS = [
  { label: 'fewer than 3 reports', from: 0, fill: '#fde9b8' },
  { label: '3 to 9 reports', from: 3, fill: '#f6c162' },
  { label: '10 to 29 reports', from: 10, fill: '#d98a1c' },
  { label: '30 reports or more', from: 30, fill: '#8a4b00' },
] as const;

export function reportBand(count: MapCell['reports']): (typeof REPORT_BANDS)[number] {
  const value = count === FEWER_THAN_THREE ? 1 : count;
  return [...REPORT_BANDS].reverse().find((band) => value >= band.from) ?? REPORT_BANDS[0];
}

/** Unserved demand is drawn apart from the reports: a dashed violet outline over a hatch. */
export const UNSERVED_COLOUR = '#5b2a86';

/** The outline of every cell, and of the cell picked in the table. */
export const CELL_STROKE = '#57514a';
export const SELECTED_STROKE = '#1a5fb4';

/** What a cell holds, in words: the map's label for the cell and the table's summary. */
export function describeCell(cell: MapCell): string {
  const parts: string[] = [];
  if (hasAny(cell.reports)) parts.push(`${formatCellCount(cell.reports)} reports`);
  if (hasAny(cell.unserved)) parts.push(`${formatCellCount(cell.unserved)} unserved`);
  return `Cell ${cell.h3Cell}${cell.nearPlace ? ` near ${cell.nearPlace}` : ''}: ${parts.join(', ') || 'nothing'}`;
}

/** The members' area is drawn under the cells, apart from both: a light teal fill with a darker outline. */
export const COVERAGE_FILL = '#7fd1c7';
export const COVERAGE_STROKE = '#1f6f66';

const areaFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** An area in km², whole, as the map's words give it: "1,234". */
export const formatAreaKm2 = (km2: number): string => areaFormat.format(km2);

/** What the members' area is, in words: beside the map for everyone, and in the map's name for a screen reader. */
export function describeCoverage(coverage: { areaKm2: number; membersWithHome: number; membersWithoutHome: number }): string {
  const covered =
    coverage.membersWithHome > 0
      ? `Today your members' alert ranges cover the shaded area (about ${formatAreaKm2(coverage.areaKm2)} km²).`
      : 'None of your members has given an address yet, so the map shows no area they cover.';
  const missing =
    coverage.membersWithoutHome === 0 || coverage.membersWithHome === 0
      ? ''
      : ` ${whole.format(coverage.membersWithoutHome)} of your members ${coverage.membersWithoutHome === 1 ? 'has' : 'have'} not given an address, so their range is not shown.`;
  return `${covered}${missing}`;
}
