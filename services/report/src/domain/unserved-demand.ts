import { latLngToCell } from 'h3-js';
import type { GeoPoint, SwarmSize } from './report.js';

/** H3 resolution of the place an unserved report keeps: cells of about 5 km², which name no street. */
export const UNSERVED_CELL_RESOLUTION = 7;

/**
 * A report refused because nobody covers the place (REPORT.NO_COVERAGE): the demand nobody could meet. It keeps only
 * a coarse cell, the time and the size, never the reporter, the address or the exact place.
 */
export type ReportUnserved = { kind: 'report.unserved'; eventId: string; h3Cell: string; refusedAt: Date; size: SwarmSize };

/**
 * Named after the submission's idempotency id: a retried submission is refused again and announces the same event,
 * which the outbox and the bus keep once.
 */
export function reportUnserved(submission: { idempotencyId: string; location: GeoPoint; size: SwarmSize }, refusedAt: Date): ReportUnserved {
  return {
    kind: 'report.unserved',
    eventId: `report-unserved--${submission.idempotencyId}`,
    h3Cell: latLngToCell(submission.location.latitude, submission.location.longitude, UNSERVED_CELL_RESOLUTION),
    refusedAt,
    size: submission.size,
  };
}
