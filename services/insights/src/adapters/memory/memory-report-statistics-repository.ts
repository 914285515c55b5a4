import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { ReportStatisticsRepository } from '../../app/ports.js';
import { alertTotalsByCompany, type AlertSend, type ReportHistory } from '../../domain/statistics.js';

type ReportRecord = {
  submittedAt?: Date;
  h3Cell?: string;
  size?: string;
  elevationFeet?: number;
  firstClaimedAt?: Date;
  expiredAt?: Date;
  departedAt?: Date;
  markedBadAt?: Date;
  /** The kept outcome and when it was recorded; no label once the claim was given back. */
  outcome?: { label: ClaimOutcomeLabel | undefined; recordedAt: Date };
  /** By send key, so a redelivered send counts once. */
  alerts: Map<string, AlertSend>;
  reporterTextKeys: Set<string>;
};

const earliest = (kept: Date | undefined, given: Date) => (kept && kept <= given ? kept : given);

export class MemoryReportStatisticsRepository implements ReportStatisticsRepository {
  private readonly reports = new Map<string, ReportRecord>();

  /** Any event may come first: the record is created by whichever does. */
  private recordOf(reportId: string): ReportRecord {
    let record = this.reports.get(reportId);
    if (!record) {
      record = { alerts: new Map(), reporterTextKeys: new Set() };
      this.reports.set(reportId, record);
    }
    return record;
  }

  async reportSubmitted(report: { reportId: string; submittedAt: Date; h3Cell?: string; size?: string; elevationFeet?: number }): Promise<void> {
    const record = this.recordOf(report.reportId);
    record.submittedAt = report.submittedAt;
    if (report.h3Cell !== undefined) record.h3Cell = report.h3Cell;
    if (report.size !== undefined) record.size = report.size;
    if (report.elevationFeet !== undefined) record.elevationFeet = report.elevationFeet;
  }

  async alertSent(alert: Parameters<ReportStatisticsRepository['alertSent']>[0]): Promise<void> {
    const { alerts } = this.recordOf(alert.reportId);
    const { reportId: _reportId, sendKey, ...send } = alert;
    if (!alerts.has(sendKey)) alerts.set(sendKey, structuredClone(send));
  }

  async claimed(claim: { reportId: string; claimedAt: Date }): Promise<void> {
    const record = this.recordOf(claim.reportId);
    record.firstClaimedAt = earliest(record.firstClaimedAt, claim.claimedAt);
  }

  async expired(report: { reportId: string; expiredAt: Date }): Promise<void> {
    const record = this.recordOf(report.reportId);
    record.expiredAt = earliest(record.expiredAt, report.expiredAt);
  }

  async departed(report: { reportId: string; departedAt: Date }): Promise<void> {
    const record = this.recordOf(report.reportId);
    record.departedAt = earliest(record.departedAt, report.departedAt);
  }

  async markedBad(report: { reportId: string; markedAt: Date }): Promise<void> {
    const record = this.recordOf(report.reportId);
    record.markedBadAt = earliest(record.markedBadAt, report.markedAt);
  }

  async claimGivenBack(claim: { reportId: string; at: Date }): Promise<void> {
    const record = this.recordOf(claim.reportId);
    if (!record.outcome || record.outcome.recordedAt < claim.at) record.outcome = { label: undefined, recordedAt: claim.at };
  }

  async outcomeRecorded(outcome: { reportId: string; outcome: ClaimOutcomeLabel; recordedAt: Date }): Promise<void> {
    const record = this.recordOf(outcome.reportId);
    if (!record.outcome || record.outcome.recordedAt < outcome.recordedAt) record.outcome = { label: outcome.outcome, recordedAt: outcome.recordedAt };
  }

  async reporterTexted(text: { reportId: string; textKey: string }): Promise<void> {
    this.recordOf(text.reportId).reporterTextKeys.add(text.textKey);
  }

  async findAlertingAssociation(companyId: string, since: Date, until: Date): Promise<ReportHistory[]> {
    const histories: ReportHistory[] = [];
    for (const [reportId, record] of this.reports) {
      const { submittedAt } = record;
      if (!submittedAt || submittedAt < since || submittedAt >= until) continue;
      if (![...record.alerts.values()].some((alert) => alert.companyId === companyId)) continue;
      histories.push(historyOf(reportId, submittedAt, record));
    }
    return histories.sort((left, right) => left.submittedAt.getTime() - right.submittedAt.getTime());
  }
}

function historyOf(reportId: string, submittedAt: Date, record: ReportRecord): ReportHistory {
  return {
    reportId,
    submittedAt,
    ...(record.h3Cell !== undefined ? { h3Cell: record.h3Cell } : {}),
    ...(record.size !== undefined ? { size: record.size } : {}),
    ...(record.elevationFeet !== undefined ? { elevationFeet: record.elevationFeet } : {}),
    ...(record.firstClaimedAt ? { firstClaimedAt: record.firstClaimedAt } : {}),
    ...(record.expiredAt ? { expiredAt: record.expiredAt } : {}),
    ...(record.departedAt ? { departedAt: record.departedAt } : {}),
    ...(record.markedBadAt ? { markedBadAt: record.markedBadAt } : {}),
    ...(record.outcome?.label ? { outcome: record.outcome.label } : {}),
    alerts: alertTotalsByCompany(record.alerts.values()),
    reporterTexts: record.reporterTextKeys.size,
  };
}
