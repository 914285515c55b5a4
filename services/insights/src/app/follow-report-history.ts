import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { AlertChannel } from '../domain/alert-channels.js';
import type { UnservedDemand } from '../domain/association-map.js';
import type { ReportStatisticsRepository, UnservedDemandRepository } from './ports.js';

/**
 * Keeps the associations' read models up to date from the events of the report and notification services. Every
 * handler is idempotent (the bus may deliver an event again) and any order of arrival gives the same model.
 */
export class FollowReportHistory {
  constructor(private readonly ports: { statistics: ReportStatisticsRepository; unserved: UnservedDemandRepository }) {}

  submitted(report: { reportId: string; submittedAt: Date; h3Cell?: string; size?: string; elevationFeet?: number }): Promise<void> {
    return this.ports.statistics.reportSubmitted(report);
  }

  alertSent(alert: { reportId: string; companyId: string; memberId: string; sendKey: string; costCents: number; channels: AlertChannel[]; smsPriceCents: number }): Promise<void> {
    return this.ports.statistics.alertSent(alert);
  }

  reporterTexted(text: { reportId: string; textKey: string }): Promise<void> {
    return this.ports.statistics.reporterTexted(text);
  }

  claimed(claim: { reportId: string; claimedAt: Date }): Promise<void> {
    return this.ports.statistics.claimed(claim);
  }

  unclaimed(claim: { reportId: string; unclaimedAt: Date }): Promise<void> {
    return this.ports.statistics.claimGivenBack({ reportId: claim.reportId, at: claim.unclaimedAt });
  }

  expired(report: { reportId: string; expiredAt: Date }): Promise<void> {
    return this.ports.statistics.expired(report);
  }

  departed(report: { reportId: string; departedAt: Date }): Promise<void> {
    return this.ports.statistics.departed(report);
  }

  markedBad(report: { reportId: string; markedAt: Date }): Promise<void> {
    return this.ports.statistics.markedBad(report);
  }

  outcomeRecorded(outcome: { reportId: string; outcome: ClaimOutcomeLabel; recordedAt: Date }): Promise<void> {
    return this.ports.statistics.outcomeRecorded(outcome);
  }

  unserved(demand: UnservedDemand & { id: string }): Promise<void> {
    return this.ports.unserved.record(demand);
  }
}
