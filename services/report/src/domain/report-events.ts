import type { LanguageLabel } from '@swarm/proto/labels';
import type { BadReason } from './claim.js';
import type { CoveringMember } from './coverage.js';
import { DEFAULT_REPORT_ACTIVE_HOURS, expiresAt } from './lifecycle.js';
import { townOf, type ClaimOutcome, type GeoPoint, type Report, type SwarmSize } from './report.js';

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
  /** Members covering the place only through their extra miles, for the escalation; none of them in `coverage`. */
  widerCoverage: CoveringMember[];
  /** When the report expires if nobody claims it. */
  expiresAt: Date;
  reporterUpdates: boolean;
  /** The reporter's number, only when they asked for texts; '' otherwise. */
  reporterPhone: string;
  /** The place's town ('Eugene, OR'), never the street: what a notification or an alert email may show. */
  town: string;
  hasPicture: boolean;
  /** The language the reporter used the site in: their texts go in it, and alerts say it when it is not English. */
  reporterLanguage: LanguageLabel;
};

/** A member claimed an active report; pending alerts about it can stop. It closes at `closesAt`. */
export type ReportClaimed = { kind: 'report.claimed'; eventId: string; reportId: string; memberId: string; claimedAt: Date; closesAt: Date };

/** The claimer gave the report back: it is active again, other members may be alerted, and it expires at `expiresAt`. */
export type ReportUnclaimed = { kind: 'report.unclaimed'; eventId: string; reportId: string; memberId: string; unclaimedAt: Date; expiresAt: Date };

/** The claimer marked the report bad: it leaves every list and the admin is told. */
export type ReportMarkedBad = {
  kind: 'report.marked_bad';
  eventId: string;
  reportId: string;
  memberId: string;
  reason: BadReason;
  markedAt: Date;
};

/** Nobody claimed the report within its active period: it leaves every list and its claim code is free. */
export type ReportExpired = { kind: 'report.expired'; eventId: string; reportId: string; expiredAt: Date };

/** The claim's un-claim window ended: the report stays the claimer's and its claim code is free. */
export type ReportClosed = { kind: 'report.closed'; eventId: string; reportId: string; memberId: string; closedAt: Date };

/** The reporter texted that the swarm has gone while the report was active: it leaves every list and its code is free. */
export type ReportDeparted = {
  kind: 'report.departed';
  eventId: string;
  reportId: string;
  /** '' (an active report has no claimer). */
  memberId: string;
  claimCode: string;
  departedAt: Date;
};

/** The reporter texted GONE while the claimer held the report without an outcome: it stays claimed, the claimer is told. */
export type ReporterSaidGone = {
  kind: 'report.reporter_said_gone';
  eventId: string;
  reportId: string;
  memberId: string;
  claimCode: string;
  saidAt: Date;
};

/** The claimer recorded (or changed) what became of the swarm. */
export type ClaimOutcomeRecorded = {
  kind: 'report.outcome_recorded';
  eventId: string;
  reportId: string;
  memberId: string;
  outcome: ClaimOutcome;
  recordedAt: Date;
};

/**
 * REPORTER_DATA_DAYS after the report ended, its reporter's name and phone, its street, exact place and pictures were
 * erased: every service erases its own copies. Carries nothing personal; one per report.
 */
export type ReporterDataErased = { kind: 'report.reporter_data_erased'; eventId: string; reportId: string; erasedAt: Date };

export function reporterDataErased(reportId: string, erasedAt: Date): ReporterDataErased {
  return { kind: 'report.reporter_data_erased', eventId: `reporter-data-erased--${reportId}`, reportId, erasedAt };
}

export type ReportEvent =
  | ReportSubmitted
  | ReportClaimed
  | ReportUnclaimed
  | ReportMarkedBad
  | ReportExpired
  | ReportClosed
  | ReportDeparted
  | ReporterSaidGone
  | ClaimOutcomeRecorded
  | ReporterDataErased;

/** The events of a report's transitions after its submission: one per transition, each with its own id. */
export type ReportTransitionEvent = Exclude<ReportEvent, ReportSubmitted>;

export function reportSubmitted(
  report: Report,
  eventId: string,
  coverage: CoveringMember[],
  more: { widerCoverage?: CoveringMember[]; expiresAt?: Date } = {},
): ReportSubmitted {
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
    widerCoverage: (more.widerCoverage ?? []).map((member) => ({ ...member })),
    expiresAt: more.expiresAt ?? expiresAt(report.activeSince, DEFAULT_REPORT_ACTIVE_HOURS),
    reporterUpdates: report.reporterUpdates,
    // The number travels only with the reporter's consent: without it nobody may text them.
    reporterPhone: report.reporterUpdates ? report.reporterPhone : '',
    town: townOf(report.address),
    hasPicture: report.image !== undefined,
    reporterLanguage: report.reporterLanguage,
  };
}
