import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { DispatchRepository } from '../../app/ports.js';
import type { AlertDispatch, DispatchStatus } from '../../domain/alert-dispatch.js';

type DispatchDocument = { _id: string; eventId: string; status: DispatchStatus; receivedAt: Date; scheduledAt?: Date };

const DUPLICATE_KEY = 11000;

export class MongoDispatchRepository implements DispatchRepository {
  private readonly collection: Collection<DispatchDocument>;

  constructor(db: Db) {
    this.collection = db.collection<DispatchDocument>('dispatches');
  }

  async recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'> {
    try {
      await this.collection.insertOne({ _id: dispatch.reportId, eventId: dispatch.eventId, status: dispatch.status, receivedAt: dispatch.receivedAt });
      return 'recorded';
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return 'already-recorded';
      throw error;
    }
  }

  async findByReportId(reportId: string): Promise<AlertDispatch | undefined> {
    const document = await this.collection.findOne({ _id: reportId });
    if (!document) return undefined;
    return {
      reportId: document._id,
      eventId: document.eventId,
      status: document.status,
      receivedAt: document.receivedAt,
      ...(document.scheduledAt ? { scheduledAt: document.scheduledAt } : {}),
    };
  }

  async markScheduled(reportId: string, scheduledAt: Date): Promise<void> {
    // Conditional so the first scheduling time is kept.
    await this.collection.updateOne({ _id: reportId, status: 'received' }, { $set: { status: 'scheduled', scheduledAt } });
  }
}
