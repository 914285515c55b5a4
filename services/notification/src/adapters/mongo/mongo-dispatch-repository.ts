import { type Collection, type Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { DispatchRepository } from '../../app/ports.js';
import type { AlertDispatch, DispatchStatus } from '../../domain/alert-dispatch.js';

type DispatchDocument = { _id: string; eventId: string; status: DispatchStatus; receivedAt: Date; scheduledAt?: Date };


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
      if (isDuplicateKeyError(error)) return 'already-recorded';
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
