import { z } from 'zod';
import { isoInstant } from './common.js';

const count = z.number().int().nonnegative();

/** Below three a count is not given: the cell reads 'fewer than 3' (a handful of reports could name a household). */
export const FEWER_THAN_THREE = 'fewer than 3';
export const cellCount = z.union([count, z.literal(FEWER_THAN_THREE)]);

/** One H3 cell (resolution 7, about 5 km²) of an association's map over the period. */
export const mapCell = z.object({
  /** The H3 index, 15 hexadecimal digits. */
  h3Cell: z.string().regex(/^[0-9a-f]{15}$/),
  /** The known town nearest the cell ("Portland, OR"), to tell cells apart; null when none lies within 50 km. */
  nearPlace: z.string().max(200).nullable(),
  /** Reports submitted in the cell in the period that alerted the association's members. */
  reports: cellCount,
  /** What became of them, one per report; null when the cell has fewer than 3 reports. */
  outcomes: z.object({ claimed: count, expired: count, departed: count, markedBad: count, open: count }).nullable(),
  /** Reports refused in the cell because nobody covered the place (the association's area and about 10 km around it). */
  unserved: cellCount,
  /** Minutes from a report to its first claim, to a tenth; null below 3 reports or without a claim. */
  medianMinutesToFirstClaim: z.number().nullable(),
  p90MinutesToFirstClaim: z.number().nullable(),
  /** The share of the reports never claimed, 0 to 1, to a hundredth; null below 3 reports. */
  shareUnclaimed: z.number().min(0).max(1).nullable(),
});

/**
 * Where the association's active members would be alerted of a swarm now: each member with a home covers the cells
 * around it within their range in miles. Coarse (H3 resolution 6, about 36 km² a cell): no home can be read from it.
 */
export const memberCoverage = z.object({
  /** H3 resolution of the covered cells: 6. */
  resolution: z.number().int(),
  /** The covered cells, by H3 index, sorted; draw their outline (h3-js cellsToMultiPolygon). */
  cells: z.array(z.string().regex(/^[0-9a-f]{15}$/)),
  /** The area of the covered cells in square kilometres, whole. */
  areaKm2: count,
  /** Active members whose address is known, and those who gave none (they cover nothing). */
  membersWithHome: count,
  membersWithoutHome: count,
});

/** GET /api/member/company/{companyId}/map: the period is [since, until) as for the statistics. */
export const associationMap = z.object({
  companyId: z.string(),
  since: isoInstant,
  until: isoInstant,
  /** H3 resolution of the cells: 7. */
  resolution: z.number().int(),
  cells: z.array(mapCell),
  /** The area the association's active members cover now (not over the period). */
  coverage: memberCoverage,
});
export type AssociationMap = z.output<typeof associationMap>;
