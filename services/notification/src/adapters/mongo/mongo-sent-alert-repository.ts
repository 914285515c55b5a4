import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError, parkEvent, ParkedEvents, type MongoOutbox, type WithParkedEvents } from '@swarm/runtime/mongo';
import type { SentAlertRepository } from '../../app/ports/stores.js';
import type { AlertSent, SentAlert } from '../../domain/sent-alert.js';
import type { AlertChannel } from '../../domain/alert-channels.js';
import { toOutboxMessage } from '../events/alert-event-codec.js';

type SentAlertDocument = WithParkedEvents & {
  /** The send key. */
  _id: string;
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  state: 'sending' | 'sent' | 'failed';
  startedAt: Date;
  sentAt?: Date;
  providerId?: string;
  failedReason?: string;
  failedAt?: Date;
  channels?: AlertChannel[];
};

/**
 * An alert job is retried for well under an hour, and an un-claim re-alerts under a new key: a month of records is
 * ample for every retry to find its alert, and MongoDB deletes them after that.
 */
const RETENTION_SECONDS = 30 * 24 * 3_600;

/** The `sent_alerts` collection of the notification database, and its outbox. */
export class MongoSentAlertRepository implements SentAlertRepository {
  private readonly collection: Collection<SentAlertDocument>;
  private readonly parked: ParkedEvents<SentAlertDocument>;

  constructor(
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<SentAlertDocument>('sent_alerts');
    this.parked = new ParkedEvents(this.collection, outbox);
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ startedAt: 1 }, { name: 'started_ttl', expireAfterSeconds: RETENTION_SECONDS });
    await this.collection.createIndex({ reportId: 1, memberId: 1 }, { name: 'report_member' });
    // A member's own data lists the alerts they were sent.
    await this.collection.createIndex({ memberId: 1, startedAt: -1 }, { name: 'member_started' });
    await this.parked.ensureIndexes();
    await this.outbox.ensureIndexes();
  }

  /** Moves AlertSent events a crash left on their records to the outbox; the relay calls it before each read. */
  recover(): Promise<void> {
    return this.parked.recover();
  }

  async beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'failedAt'>): Promise<'new' | 'sending' | 'sent' | 'failed'> {
    const { sendKey, ...fields } = alert;
    for (;;) {
      try {
        // The unique _id makes of concurrent calls exactly one 'new'.
        await this.collection.insertOne({ _id: sendKey, ...fields, state: 'sending' });
        return 'new';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const existing = await this.collection.findOne({ _id: sendKey });
      // Gone between the insert and the read means abandoned (its charge refused): try noting it again.
      if (existing) return existing.state;
    }
  }

  async abandonSending(sendKey: string): Promise<void> {
    await this.collection.deleteOne({ _id: sendKey, state: 'sending' });
  }

  async recordFailed(sendKey: string, failure: { reason: string; failedAt: Date }): Promise<void> {
    await this.collection.updateOne({ _id: sendKey, state: 'sending' }, { $set: { state: 'failed', failedReason: failure.reason, failedAt: failure.failedAt } });
  }

  /**
   * One conditional upsert changes the record to 'sent' (unless it is sent or failed already) with its AlertSent parked on it; the
   * event then moves to the outbox. A repeat finds the record sent, tries to insert it again and fails on its unique
   * key, changing nothing.
   */
  async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'> {
    const { sendKey, reportId, memberId, companyId, companyName, distanceMiles, startedAt, sentAt, providerId, channels } = alert;
    const parked = [parkEvent(toOutboxMessage(event))];
    try {
      await this.collection.updateOne(
        { _id: sendKey, state: 'sending' },
        {
          $set: { state: 'sent', sentAt, pendingEvents: parked, ...(providerId ? { providerId } : {}), ...(channels ? { channels } : {}) },
          $setOnInsert: { reportId, memberId, companyId, companyName, distanceMiles, startedAt },
        },
        { upsert: true },
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'already-recorded';
      throw error;
    }
    await this.parked.moveSoon(sendKey, parked);
    this.onEventsStored();
    return 'recorded';
  }

  async listSentToMember(memberId: string, limit: number): Promise<SentAlert[]> {
    const documents = await this.collection.find({ memberId, state: 'sent' }).sort({ startedAt: -1 }).limit(limit).toArray();
    return documents.map(({ _id, pendingEvents: _parked, ...fields }) => ({ sendKey: _id, ...fields }));
  }

  async findForMember(reportId: string, memberId: string): Promise<SentAlert[]> {
    const documents = await this.collection.find({ reportId, memberId }).toArray();
    return documents.map(({ _id, pendingEvents: _parked, ...fields }) => ({ sendKey: _id, ...fields }));
  }

  async find(sendKey: string): Promise<SentAlert | undefined> {
    const document = await this.collection.findOne({ _id: sendKey });
    if (!document) return undefined;
    const { _id, ...fields } = document;
    return { sendKey: _id, ...fields };
  }
}
