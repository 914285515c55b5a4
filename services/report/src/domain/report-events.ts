import type { BadReason } from './claim.js';
import type { CoveringMember } from './coverage.js';
import type { GeoPoint, Report, SwarmSize } from './report.js';

/**
 * Announced once a report is stored; carries nothing personal about the reporter. It carries what alert dispatch
 * needs (who covers the swarm, through which association, and what the alert SMS says), so dispatch never asks back.
 */
export type ReportSubmitted = {
  kind: 'report.submitted';
  eventId: string;
  reportId: string;
  claimCode: string;
  size: SwarmSize;
  elevationFeet: number;
  location: GeoPoint;
  submittedAt: Date;
  coverage: CoveringMember[];
};

/** A member claimed an active report; pending alerts about it can stop. */
export type ReportClaimed = { kind: 'report.claimed'; eventId: string; reportId: string; memberId: string; claimedAt: Date };

/** The claimer gave the report back: it is active again and other members may be alerted. */
export type ReportUnclaimed = { kind: 'report.unclaimed'; eventId: string; reportId: string; memberId: string; unclaimedAt: Date };

/** The claimer marked the report bad: it leaves every list and the admin is told. */
export type ReportMarkedBad = {
  kind: 'report.marked_bad';
  eventId: string;
  reportId: string;
  memberId: string;
  reason: BadReason;
  markedAt: Date;
};

export type ReportEvent = ReportSubmitted | ReportClaimed | ReportUnclaimed | ReportMarkedBad;

/** The events of a report's claim transitions: one per transition, each with its own id. */
export type ReportTransitionEvent = ReportClaimed | ReportUnclaimed | ReportMarkedBad;

export function reportSubmitted(report: Report, eventId: string, coverage: CoveringMember[]): ReportSubmitted {
  return {
    kind: 'report.submitted',
    eventId,
    reportId: report.reportId,
    claimCode: report.claimCode,
    size: report.size,
    elevationFeet: report.elevationFeet,
    location: report.location,
    submittedAt: report.createdAt,
    coverage: coverage.map((member) => ({ ...member })),
  };
}
