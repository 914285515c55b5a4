import type { GeoPoint, Report } from './report.js';
import { townOf } from './report.js';

export { DEFAULT_REPORTER_DATA_DAYS } from '@swarm/proto/labels';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Reports that ended at or before this instant are due for the erasure of their reporter's data. */
export function retentionCutoff(now: Date, reporterDataDays: number): Date {
  return new Date(now.getTime() - reporterDataDays * DAY_MS);
}

/** An ended report whose reporter's data is still kept and whose period has passed. */
export function isReporterDataDue(report: Pick<Report, 'endedAt' | 'reporterDataErasedAt'>, now: Date, reporterDataDays: number): boolean {
  return report.endedAt !== undefined && report.reporterDataErasedAt === undefined && report.endedAt.getTime() <= retentionCutoff(now, reporterDataDays).getTime();
}

/**
 * What the report keeps of its place once the reporter's data is erased: the town in place of the address, and the
 * place rounded to two decimals of a degree (about a kilometre), which no longer points at a house.
 */
export type ReporterDataErasure = { address: string; location: GeoPoint; erasedAt: Date };

export function reporterDataErasure(report: Pick<Report, 'address' | 'location'>, erasedAt: Date): ReporterDataErasure {
  return { address: townOf(report.address), location: townLevel(report.location), erasedAt };
}

export function townLevel(point: GeoPoint): GeoPoint {
  const round = (degrees: number) => Math.round(degrees * 100) / 100;
  return { latitude: round(point.latitude), longitude: round(point.longitude) };
}

/** The report without its reporter's name, phone, note, street, exact place and pictures. */
export function withReporterDataErased(report: Report, erasure: ReporterDataErasure): Report {
  const { image: _image, ...kept } = report;
  return {
    ...kept,
    reporterName: '',
    reporterPhone: '',
    internalNote: '',
    address: erasure.address,
    location: erasure.location,
    reporterDataErasedAt: erasure.erasedAt,
  };
}
