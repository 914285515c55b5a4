import type { AlertChannel } from '../domain/alert-channels.js';
import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { ReportHistory } from '../domain/statistics.js';
import type { UnservedDemand } from '../domain/association-map.js';
import type { MemberReach } from '../domain/member-coverage.js';

export interface Clock {
  now(): Date;
}

/**
 * The associations' read model of reports: one history per report, fed by the report service's events (submitted,
 * claimed, given back, expired, departed, marked bad, outcome recorded) and the notification service's (alert sent,
 * text to the reporter sent). Every change is idempotent (a redelivered event changes nothing) and may arrive before
 * the report's submission. It keeps no reporter's name, phone or street: the place is a coarse H3 cell.
 */
export interface ReportStatisticsRepository {
  /**
   * `h3Cell`: the resolution-7 cell of the place, when the report had one; `size` (the swarm size's label) and
   * `elevationFeet` for the association's export of its reports.
   */
  reportSubmitted(report: { reportId: string; submittedAt: Date; h3Cell?: string; size?: string; elevationFeet?: number }): Promise<void>;
  /**
   * An alert about the report was sent to a member of the association; once per send key. Its cost counts once per
   * member and report, as billing charges it: a re-alert after an un-claim is another alert, not another charge.
   */
  alertSent(alert: {
    reportId: string;
    companyId: string;
    memberId: string;
    sendKey: string;
    costCents: number;
    /** The channels that took the alert (text message when not given). */
    channels?: AlertChannel[];
    /** What it would have cost as a text message. */
    smsPriceCents?: number;
  }): Promise<void>;
  /** Keeps the earliest claim. */
  claimed(claim: { reportId: string; claimedAt: Date }): Promise<void>;
  expired(report: { reportId: string; expiredAt: Date }): Promise<void>;
  departed(report: { reportId: string; departedAt: Date }): Promise<void>;
  /** Keeps the earliest marking. */
  markedBad(report: { reportId: string; markedAt: Date }): Promise<void>;
  /**
   * The claimer gave the report back at `at`: the outcome they recorded goes with their claim (an outcome recorded
   * before `at`, arriving now or later, is not kept).
   */
  claimGivenBack(claim: { reportId: string; at: Date }): Promise<void>;
  /** The newest outcome by `recordedAt` wins, whatever order they arrive in. */
  outcomeRecorded(outcome: { reportId: string; outcome: ClaimOutcomeLabel; recordedAt: Date }): Promise<void>;
  /** A text was sent to the report's reporter; once per text key. */
  reporterTexted(text: { reportId: string; textKey: string }): Promise<void>;
  /** Histories of reports submitted in [since, until) that alerted at least one member of the association. */
  findAlertingAssociation(companyId: string, since: Date, until: Date): Promise<ReportHistory[]>;
}

/**
 * Reports refused because nobody covered the place: a cell, a time and a size each, nothing else. Once per id (the
 * event's), so a redelivered event counts once.
 */
export interface UnservedDemandRepository {
  record(demand: UnservedDemand & { id: string }): Promise<void>;
  /** The demand refused in [since, until) in any of the cells. */
  findInCells(cells: readonly string[], since: Date, until: Date): Promise<UnservedDemand[]>;
}

/** What the members' reach copy answers of one member: what it keeps, or that the member deleted their account. */
export type KeptReach = MemberReach | { memberId: string; erased: true };

/**
 * The copy of members' reach (coarse home cell and alert range) this service keeps, fed by member.changed and filled
 * on a miss: never an exact home, an address, a name, a phone or an email.
 */
export interface MemberReachRepository {
  /** What is kept of these members, erased ones marked as such; members never seen are left out. */
  findMany(memberIds: readonly string[]): Promise<KeptReach[]>;
  /** Keeps it unless the same or a newer version is kept or the member was erased; concurrent saves keep the newest. */
  saveIfNewer(reach: MemberReach): Promise<void>;
  /** Forgets the member for good (member.deleted): a save afterwards (an answer read before the deletion) keeps nothing. */
  erase(memberId: string): Promise<void>;
}

/** The member service, for a member's reach: undefined when it knows no such member (deleted). */
export interface MemberDirectory {
  reachOf(memberId: string): Promise<MemberReach | undefined>;
}

/** Names for places: the known town nearest a cell's centre, or undefined when none is near enough to name it by. */
export interface PlaceNames {
  nearTo(h3Cell: string): string | undefined;
}

/** The association-billing service: the ids of the association's members whose membership is active. */
export interface AssociationMembers {
  activeMemberIds(companyId: string): Promise<string[]>;
}
