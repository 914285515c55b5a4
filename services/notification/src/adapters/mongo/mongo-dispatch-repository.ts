import { type Collection, type Db } from 'mongodb';
import { DEFAULT_LANGUAGE, type LanguageLabel } from '@swarm/proto/labels';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { DispatchRepository } from '../../app/ports/stores.js';
import { FINAL_REPORT_STATES, LIVE_REPORT_STATES, townLevel, type AlertDispatch, type DispatchSummary, type ReportState } from '../../domain/alert-dispatch.js';

type DispatchDocument = Omit<AlertDispatch, 'reportId'> & { _id: string };

/** The `dispatches` collection of the notification database: one document per submitted report. */
export class MongoDispatchRepository implements DispatchRepository {
  private readonly collection: Collection<DispatchDocument>;

  constructor(db: Db) {
    this.collection = db.collection<DispatchDocument>('dispatches');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ claimCode: 1 }, { name: 'claim_code' });
    await this.collection.createIndex({ reporterPhone: 1, submittedAt: -1 }, { name: 'reporter_phone' });
  }

  async recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'> {
    const { reportId, ...fields } = dispatch;
    try {
      await this.collection.insertOne({ _id: reportId, ...fields });
      return 'recorded';
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'already-recorded';
      throw error;
    }
  }

  async findByReportId(reportId: string): Promise<AlertDispatch | undefined> {
    const document = await this.collection.findOne({ _id: reportId });
    return document ? fromDocument(document) : undefined;
  }

  async findSummaryByReportId(reportId: string): Promise<DispatchSummary | undefined> {
    const document = await this.collection.findOne({ _id: reportId }, { projection: { coverage: 0, widerCoverage: 0 } });
    if (!document) return undefined;
    // Left out again here: a server that ignores the projection (the test server, jongodb) still answers a summary.
    const { coverage: _coverage, widerCoverage: _widerCoverage, ...summary } = fromDocument(document);
    return summary;
  }

  async findLiveByClaimCode(claimCode: string): Promise<AlertDispatch[]> {
    return (await this.collection.find({ claimCode, reportState: { $in: [...LIVE_REPORT_STATES] } }).toArray()).map(fromDocument);
  }

  async markScheduled(reportId: string, scheduledAt: Date): Promise<void> {
    // Conditional so the first scheduling time is kept.
    await this.collection.updateOne({ _id: reportId, status: 'received' }, { $set: { status: 'scheduled', scheduledAt } });
  }

  async changeReportState(reportId: string, change: { state: ReportState; at: Date }): Promise<'changed' | 'unchanged' | 'unknown'> {
    // The condition is stateChangeApplies, evaluated by the server in the same write, so concurrent changes keep the newest.
    const { matchedCount } = await this.collection.updateOne(
      { _id: reportId, reportState: { $nin: [...FINAL_REPORT_STATES] }, reportStateAt: { $lt: change.at } },
      { $set: { reportState: change.state, reportStateAt: change.at } },
    );
    if (matchedCount > 0) return 'changed';
    return (await this.collection.countDocuments({ _id: reportId }, { limit: 1 })) > 0 ? 'unchanged' : 'unknown';
  }

  async findReporterLanguage(reporterPhone: string): Promise<LanguageLabel | undefined> {
    if (!reporterPhone) return undefined;
    const [newest] = await this.collection.find({ reporterPhone }).sort({ submittedAt: -1 }).limit(1).toArray();
    return newest && (newest.reporterLanguage ?? DEFAULT_LANGUAGE);
  }

  /** The place is read first: it is rounded, never replaced by a value of another report; rounding twice changes nothing. */
  async eraseReporterData(reportId: string): Promise<void> {
    const document = await this.collection.findOne({ _id: reportId }, { projection: { location: 1 } });
    if (!document) return;
    await this.collection.updateOne({ _id: reportId }, { $set: { reporterPhone: '', location: townLevel(document.location) } });
  }
}

function fromDocument(document: DispatchDocument): AlertDispatch {
  const { _id, scheduledAt, ...fields } = document;
  return { reportId: _id, ...fields, ...(scheduledAt ? { scheduledAt } : {}) };
}
