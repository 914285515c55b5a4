import { Binary, type ClientSession, type Collection, type Db } from 'mongodb';
import type { OutboxMessage, OutboxStore } from '../outbox/outbox.js';
import { isDuplicateKeyError } from './duplicate-key.js';

const PUBLISHED_RETENTION_SECONDS = 7 * 24 * 3_600;

type OutboxDocument = { _id: string; type: string; payload: Binary; createdAt: Date; publishedAt: Date | null };

/** The outbox collection of one service's database; repositories append inside their write transaction. */
export class MongoOutbox implements OutboxStore {
  private readonly collection: Collection<OutboxDocument>;

  constructor(db: Db) {
    this.collection = db.collection<OutboxDocument>('outbox');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ publishedAt: 1, createdAt: 1 });
    // Published entries are kept a week for inspection, then MongoDB deletes them; pending ones (null) never expire.
    await this.collection.createIndex({ publishedAt: 1 }, { name: 'published_ttl', expireAfterSeconds: PUBLISHED_RETENTION_SECONDS });
  }

  async append(messages: OutboxMessage[], session: ClientSession): Promise<void> {
    if (messages.length === 0) return;
    await this.collection.insertMany(
      messages.map((message) => ({
        _id: message.id,
        type: message.type,
        payload: new Binary(message.payload),
        createdAt: message.createdAt,
        publishedAt: null,
      })),
      { session },
    );
  }

  /**
   * Outside a transaction: appends the messages whose ids the outbox does not hold yet, so moving the same events
   * twice (a retry after a crash) stores them once.
   */
  async appendIfAbsent(messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.collection.insertOne({ _id: message.id, type: message.type, payload: new Binary(message.payload), createdAt: message.createdAt, publishedAt: null });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  async pending(limit: number): Promise<OutboxMessage[]> {
    const documents = await this.collection.find({ publishedAt: null }).sort({ createdAt: 1 }).limit(limit).toArray();
    return documents.map((document) => ({
      id: document._id,
      type: document.type,
      payload: new Uint8Array(document.payload.buffer),
      createdAt: document.createdAt,
    }));
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.collection.updateMany({ _id: { $in: ids } }, { $set: { publishedAt: new Date() } });
  }
}
