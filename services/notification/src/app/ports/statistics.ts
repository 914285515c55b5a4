import type { AlertChannel } from '../../domain/alert-channels.js';
import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { ReportHistory } from '../../domain/statistics.js';

/**
 * The association statistics read model: one history per report, fed by the report's events (submitted, claimed,
 * expired, departed, outcome recorded) and by this service's own sends (member alerts, texts to the reporter). Every
 * change is idempotent (a redelivered event changes nothing) and may arrive before the report's submission.
 */
export interface ReportStatisticsRepository {
  reportSubmitted(report: { reportId: string; submittedAt: Date }): Promise<void>;
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
