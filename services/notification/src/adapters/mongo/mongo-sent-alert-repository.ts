import type { Collection, Db, MongoClient } from 'mongodb';
import { isDuplicateKeyError, type MongoOutbox } from '@swarm/runtime/mongo';
import type { SentAlertRepository } from '../../app/ports.js';
import type { AlertSent, SentAlert } from '../../domain/sent-alert.js';
import { toOutboxMessage } from '../events/alert-event-codec.js';

type SentAlertDocument = {
  /** The send key. */
  _id: string;
  reportId: string;
  memberId: string;
  companyId: string;
  state: 'sending' | 'sent';
  startedAt: Date;
  sentAt?: Date;
  providerId?: string;
};

/**
 * An alert job is retried for well under an hour, and an un-claim re-alerts under a new key: a month of records is
 * ample for every retry to find its alert, and MongoDB deletes them after that.
 */
const RETENTION_SECONDS = 30 * 24 * 3_600;

/** The `sent_alerts` collection of the notification database, and its outbox. */
export class MongoSentAlertRepository implements SentAlertRepository {
  private readonly collection: Collection<SentAlertDocument>;

  constructor(
    private readonly client: MongoClient,
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<SentAlertDocument>('sent_alerts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ startedAt: 1 }, { name: 'started_ttl', expireAfterSeconds: RETENTION_SECONDS });
    await this.outbox.ensureIndexes();
  }

  async beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId'>): Promise<'new' | 'sending' | 'sent'> {
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
      // Gone between the insert and the read means abandoned (its SMS refused): try noting it again.
      if (existing) return existing.state;
    }
  }

  async abandonSending(sendKey: string): Promise<void> {
    await this.collection.deleteOne({ _id: sendKey, state: 'sending' });
  }

  /**
   * One transaction: the record's change to 'sent' (an upsert, conditional on not being sent yet) and the event's
   * insert into the outbox under its fixed id. A repeat fails on a unique key in either (or on a write conflict with
   * the first) and changes nothing.
   */
  async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'> {
    const { sendKey, reportId, memberId, companyId, startedAt, sentAt, providerId } = alert;
    try {
      await this.client.withSession((session) =>
        session.withTransaction(async () => {
          await this.collection.updateOne(
            { _id: sendKey, state: { $ne: 'sent' } },
            { $set: { state: 'sent', sentAt, ...(providerId ? { providerId } : {}) }, $setOnInsert: { reportId, memberId, companyId, startedAt } },
            { upsert: true, session },
          );
          await this.outbox.append([toOutboxMessage(event)], session);
        }),
      );
    } catch (error) {
      if (isDuplicateKeyError(error)) return 'already-recorded';
      // A concurrent recording of the same send that committed first fails this one with a write conflict (which
      // not every server labels as retryable): the send is recorded all the same, by the other.
      if ((await this.collection.findOne({ _id: sendKey }))?.state === 'sent') return 'already-recorded';
      throw error;
    }
    this.onEventsStored();
    return 'recorded';
  }

  async find(sendKey: string): Promise<SentAlert | undefined> {
    const document = await this.collection.findOne({ _id: sendKey });
    if (!document) return undefined;
    const { _id, ...fields } = document;
    return { sendKey: _id, ...fields };
  }
}
