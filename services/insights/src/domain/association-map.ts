import { gridDisk } from 'h3-js';
import type { CoveredArea } from './member-coverage.js';
import { endOf, minutesToFirstClaim, percentileByNearestRank, validatePeriod, type ReportHistory, type StatisticsPeriod } from './statistics.js';

/** H3 resolution of every cell kept and answered: about 5 km², coarse enough to name no address. */
export const MAP_RESOLUTION = 7;
/** Below this many, a count is answered as "fewer than" and no figure a count could be read from is given. */
export const MINIMUM_EXACT_COUNT = 3;
/** Unserved demand is shown in the association's cells and this many rings of cells around them (about 10 km). */
export const UNSERVED_RINGS = 5;

/** A report refused because nobody covered the place: where (a cell), when and how big, nothing else. */
export type UnservedDemand = { h3Cell: string; refusedAt: Date; size: string };

/** Exact from MINIMUM_EXACT_COUNT up and at 0; 1 and 2 are only "fewer than". */
export type CellCount = { count: number; fewerThanMinimum: boolean };

/** How a cell's reports ended, one per report. */
export type CellOutcomes = { claimed: number; expired: number; departed: number; markedBad: number; open: number };

export type MapCell = {
  h3Cell: string;
  /** The known town nearest the cell ("Portland, OR"), so people can tell cells apart; absent when none is near. */
  nearPlace?: string;
  reports: CellCount;
  /** Absent below MINIMUM_EXACT_COUNT reports, as are the times and the share. */
  outcomes?: CellOutcomes;
  unserved: CellCount;
  medianMinutesToFirstClaim?: number;
  p90MinutesToFirstClaim?: number;
  /** Reports never claimed over all reports, 0 to 1. */
  shareUnclaimed?: number;
};

export type AssociationMap = { period: StatisticsPeriod; cells: MapCell[]; coverage: CoveredArea };

export function cellCount(count: number): CellCount {
  return count > 0 && count < MINIMUM_EXACT_COUNT ? { count: 0, fewerThanMinimum: true } : { count, fewerThanMinimum: false };
}

/** The cells and every cell within `rings` of one of them. */
export function areaAround(cells: Iterable<string>, rings: number): string[] {
  const area = new Set<string>();
  for (const cell of cells) for (const near of gridDisk(cell, rings)) area.add(near);
  return [...area].sort();
}

/** Marked bad wins (its claimer dealt with it); else the end the statistics give it, a claimed report being claimed. */
export function mapOutcomeOf(history: ReportHistory): keyof CellOutcomes {
  if (history.markedBadAt) return 'markedBad';
  const end = endOf(history);
  if (end === 'outcome' || end === 'unrecorded') return 'claimed';
  return end;
}

function cellOf(h3Cell: string, histories: readonly ReportHistory[], unserved: number): MapCell {
  const base = { h3Cell, reports: cellCount(histories.length), unserved: cellCount(unserved) };
  if (histories.length < MINIMUM_EXACT_COUNT) return base;
  const outcomes: CellOutcomes = { claimed: 0, expired: 0, departed: 0, markedBad: 0, open: 0 };
  const waits: number[] = [];
  for (const history of histories) {
    outcomes[mapOutcomeOf(history)] += 1;
    if (history.firstClaimedAt) waits.push(minutesToFirstClaim({ ...history, firstClaimedAt: history.firstClaimedAt }));
  }
  const median = percentileByNearestRank(waits, 50);
  const p90 = percentileByNearestRank(waits, 90);
  return {
    ...base,
    outcomes,
    ...(median === undefined ? {} : { medianMinutesToFirstClaim: median }),
    ...(p90 === undefined ? {} : { p90MinutesToFirstClaim: p90 }),
    shareUnclaimed: (histories.length - waits.length) / histories.length,
  };
}

/**
 * An association's map over a period: one cell per H3 cell where a report that alerted its members was submitted in
 * the period, or where demand was refused (given only in the association's area: see UNSERVED_RINGS). Reports without
 * a cell are left out; demand outside the period is left out.
 */
export function associationMap(companyId: string, period: StatisticsPeriod, histories: readonly ReportHistory[], unserved: readonly UnservedDemand[]): Omit<AssociationMap, 'coverage'> {
  validatePeriod(period);
  const reportsByCell = new Map<string, ReportHistory[]>();
  for (const history of histories) {
    if (!history.h3Cell || history.submittedAt < period.since || history.submittedAt >= period.until) continue;
    if (!history.alerts.some((alert) => alert.companyId === companyId && alert.count > 0)) continue;
    reportsByCell.set(history.h3Cell, [...(reportsByCell.get(history.h3Cell) ?? []), history]);
  }
  const unservedByCell = new Map<string, number>();
  for (const demand of unserved) {
    if (demand.refusedAt < period.since || demand.refusedAt >= period.until) continue;
    unservedByCell.set(demand.h3Cell, (unservedByCell.get(demand.h3Cell) ?? 0) + 1);
  }
  const cells = [...new Set([...reportsByCell.keys(), ...unservedByCell.keys()])].sort();
  return { period, cells: cells.map((cell) => cellOf(cell, reportsByCell.get(cell) ?? [], unservedByCell.get(cell) ?? 0)) };
}
