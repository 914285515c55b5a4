import type { ReporterGoneCounts } from '../../domain/follow-up-texts.js';
import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { AlertChannel } from '../../domain/alert-channels.js';
import type { MemberAlertSettings } from '../../domain/member-settings.js';

// The other services, as alert dispatch needs them.

/** The member service, as dispatch needs it: the current alert settings of members, many at once. */
export interface MemberDirectory {
  /** Unknown members are left out. */
  listAlertSettings(memberIds: string[]): Promise<MemberAlertSettings[]>;
  /** The push service said the subscription is gone: whichever member holds it loses that device. */
  removePushEndpoint(endpoint: string): Promise<void>;
}

/** `smsPriceCents`: what the alert would cost as a text message, for the statistics of what free channels saved. */
export type AlertCharge = { kind: 'charged'; costCents: number; smsPriceCents: number } | { kind: 'insufficient-funds' } | { kind: 'not-paying' };

export interface AlertBilling {
  /**
   * Charges the alert on one channel once per (report, member, channel); a repeat answers the first charge and charges
   * nothing. `costCents` is what billing took for it (the prices live there alone; a free channel costs 0).
   */
  chargeAlert(charge: { reportId: string; memberId: string; companyId: string; channel: AlertChannel }): Promise<AlertCharge>;
  /**
   * Gives back the charge of a channel that did not take the alert, with a ledger line saying why; idempotent, and
   * 'not-charged' when no charge of this (report, member, channel) stands. A later charge of the same is a new one.
   */
  refundAlert(refund: { reportId: string; memberId: string; channel: AlertChannel; reason: string }): Promise<'refunded' | 'not-charged'>;
}

/** The report service, as the replies of reporters and claimers and the outcome prompt need it. */
export interface ReportLifecycle {
  /**
   * The reporter texted GONE: active reports made from this number depart, claimed ones without an outcome are marked
   * so their claimer is told; answers how many of each, and how many had an outcome already.
   */
  markDepartedByReporter(phoneNumber: string): Promise<ReporterGoneCounts>;
  /** The claimer records what became of the swarm; 'refused' when they no longer hold it (or never did). */
  recordClaimOutcome(reportId: string, memberId: string, outcome: ClaimOutcomeLabel): Promise<'recorded' | 'refused'>;
  /** The member's claim of the report as the member area lists it; undefined when they no longer hold it. */
  claimOf(reportId: string, memberId: string): Promise<{ claimedAt: Date; outcome: ClaimOutcomeLabel | undefined } | undefined>;
}
