import type { GeoPoint, Report, SwarmSize } from './report.js';

/** Announced once a report is stored; carries nothing personal about the reporter. */
export type ReportSubmitted = {
  kind: 'report.submitted';
  eventId: string;
  reportId: string;
  size: SwarmSize;
  elevationFeet: number;
  location: GeoPoint;
  submittedAt: Date;
};

export type ReportEvent = ReportSubmitted;

export function reportSubmitted(report: Report, eventId: string): ReportSubmitted {
  return {
    kind: 'report.submitted',
    eventId,
    reportId: report.reportId,
    size: report.size,
    elevationFeet: report.elevationFeet,
    location: report.location,
    submittedAt: report.createdAt,
  };
}
