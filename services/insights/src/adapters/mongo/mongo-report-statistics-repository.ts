import type { Collection, Db, Filter, UpdateFilter } from 'mongodb';
import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { ReportStatisticsRepository } from '../../app/ports.js';
import { alertTotalsByCompany, type AlertSend, type ReportHistory } from '../../domain/statistics.js';

type ReportStatisticsDocument = {
  /** The report id. */
  _id: string;
  submittedAt?: Date;
  h3Cell?: string;
  size?: string;
  elevationFeet?: number;
  firstClaimedAt?: Date;
  expiredAt?: Date;
  departedAt?: Date;
  markedBadAt?: Date;
  outcome?: ClaimOutcomeLabel;
  /** When the kept outcome was recorded (or the claim given back): an older one arriving later leaves it. */
  outcomeRecordedAt?: Date;
  /** One entry per send key. */
  alerts?: (AlertSend & { sendKey: string })[];
  reporterTextKeys?: string[];
};

/**
 * The `report_statistics` collection of the insights database: one document per report, created by whichever event
 * comes first. Each change is one conditional update of that document (never read, changed and written back), so
 * redelivered and concurrent events change it once.
 */
export class MongoReportStatisticsRepository implements ReportStatisticsRepository {
  private readonly collection: Collection<ReportStatisticsDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ReportStatisticsDocument>('report_statistics');
  }

  /** An association's statistics read the reports that alerted it (a multikey entry per alerted association) by submission time. */
  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ 'alerts.companyId': 1, submittedAt: 1 }, { name: 'alerted_company_submitted_at' });
  }

  async reportSubmitted(report: { reportId: string; submittedAt: Date; h3Cell?: string; size?: string; elevationFeet?: number }): Promise<void> {
    await this.change(report.reportId, {}, {
        $set: {
          submittedAt: report.submittedAt,
          ...(report.h3Cell !== undefined ? { h3Cell: report.h3Cell } : {}),
          ...(report.size !== undefined ? { size: report.size } : {}),
          ...(report.elevationFeet !== undefined ? { elevationFeet: report.elevationFeet } : {}),
        },
      });
  }

  async alertSent(alert: Parameters<ReportStatisticsRepository['alertSent']>[0]): Promise<void> {
    const { reportId: _reportId, ...send } = alert;
    // The condition, not $addToSet's whole-entry equality, makes the send key count once.
    await this.change(alert.reportId, { 'alerts.sendKey': { $ne: send.sendKey } }, { $addToSet: { alerts: send } });
  }

  async claimed(claim: { reportId: string; claimedAt: Date }): Promise<void> {
    await this.keepEarliest(claim.reportId, 'firstClaimedAt', claim.claimedAt);
  }

  async expired(report: { reportId: string; expiredAt: Date }): Promise<void> {
    await this.keepEarliest(report.reportId, 'expiredAt', report.expiredAt);
  }

  async departed(report: { reportId: string; departedAt: Date }): Promise<void> {
    await this.keepEarliest(report.reportId, 'departedAt', report.departedAt);
  }

  async markedBad(report: { reportId: string; markedAt: Date }): Promise<void> {
    await this.keepEarliest(report.reportId, 'markedBadAt', report.markedAt);
  }

  async claimGivenBack(claim: { reportId: string; at: Date }): Promise<void> {
    await this.change(
      claim.reportId,
      { $or: [{ outcomeRecordedAt: { $exists: false } }, { outcomeRecordedAt: { $lt: claim.at } }] },
      { $set: { outcomeRecordedAt: claim.at }, $unset: { outcome: '' } },
    );
  }

  async outcomeRecorded(outcome: { reportId: string; outcome: ClaimOutcomeLabel; recordedAt: Date }): Promise<void> {
    await this.change(
      outcome.reportId,
      { $or: [{ outcomeRecordedAt: { $exists: false } }, { outcomeRecordedAt: { $lt: outcome.recordedAt } }] },
      { $set: { outcome: outcome.outcome, outcomeRecordedAt: outcome.recordedAt } },
    );
  }

  async reporterTexted(text: { reportId: string; textKey: string }): Promise<void> {
    await this.change(text.reportId, {}, { $addToSet: { reporterTextKeys: text.textKey } });
  }

  async findAlertingAssociation(companyId: string, since: Date, until: Date): Promise<ReportHistory[]> {
    const documents = await this.collection.find({ 'alerts.companyId': companyId, submittedAt: { $gte: since, $lt: until } }).sort({ submittedAt: 1 }).toArray();
    return documents.flatMap((document) => (document.submittedAt ? [historyOf({ ...document, submittedAt: document.submittedAt })] : []));
  }

  /** $min would do, but the MongoDB-compatible server of the tests lacks it: a conditional $set is as atomic. */
  private async keepEarliest(reportId: string, field: 'firstClaimedAt' | 'expiredAt' | 'departedAt' | 'markedBadAt', instant: Date): Promise<void> {
    await this.change(reportId, { $or: [{ [field]: { $exists: false } }, { [field]: { $gt: instant } }] }, { $set: { [field]: instant } });
  }

  /**
   * Applies `update` to the report's document where `stillToApply` holds, creating the document when no event has
   * yet. The upsert's insert fails on the unique _id when the document exists: either a concurrent first event has
   * just created it (the second attempt finds it), or, on the second attempt, `stillToApply` excluded it because the
   * change is already there (or a newer one is).
   */
  private async change(reportId: string, stillToApply: Filter<ReportStatisticsDocument>, update: UpdateFilter<ReportStatisticsDocument>): Promise<void> {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await this.collection.updateOne({ ...stillToApply, _id: reportId }, update, { upsert: true });
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }
}

function historyOf(document: ReportStatisticsDocument & { submittedAt: Date }): ReportHistory {
  return {
    reportId: document._id,
    submittedAt: document.submittedAt,
    ...(document.h3Cell !== undefined ? { h3Cell: document.h3Cell } : {}),
    ...(document.size !== undefined ? { size: document.size } : {}),
    ...(document.elevationFeet !== undefined ? { elevationFeet: document.elevationFeet } : {}),
    ...(document.firstClaimedAt ? { firstClaimedAt: document.firstClaimedAt } : {}),
    ...(document.expiredAt ? { expiredAt: document.expiredAt } : {}),
    ...(document.departedAt ? { departedAt: document.departedAt } : {}),
    ...(document.markedBadAt ? { markedBadAt: document.markedBadAt } : {}),
    ...(document.outcome ? { outcome: document.outcome } : {}),
    alerts: alertTotalsByCompany(document.alerts ?? []),
    reporterTexts: document.reporterTextKeys?.length ?? 0,
  };
}
