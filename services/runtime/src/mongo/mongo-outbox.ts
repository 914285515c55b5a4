import { randomUUID } from 'node:crypto';
import { Binary, type Collection, type Db } from 'mongodb';
import type { OutboxBacklog, OutboxMessage, OutboxStore } from '../outbox/outbox.js';
import { isDuplicateKeyError } from './duplicate-key.js';

const PUBLISHED_RETENTION_SECONDS = 7 * 24 * 3_600;
/** How long a relay holds the entries it took before another relay may take them (it died, or hangs). */
const DEFAULT_LEASE_MS = 30_000;

type OutboxDocument = {
  _id: string;
  type: string;
  payload: Binary;
  createdAt: Date;
  publishedAt: Date | null;
  /** The trace of the work that wrote the event, published with it. */
  traceparent?: string;
  /** The relay publishing this entry now, and until when; absent or past, any relay may take it. */
  leaseOwner?: string;
  leaseUntil?: Date;
  /** The batch the entry was last taken in: what a relay reads back to learn which entries it got. */
  lease?: string;
};

export type MongoOutboxOptions = {
  leaseMs?: number;
  /** The time; tests move it to let leases expire. */
  now?: () => Date;
};

/**
 * The outbox collection of one service's database. Several replicas of a service each run a relay over it: a relay
 * takes a batch under a lease (one conditional update over the batch), so each entry is published by one relay; a
 * lease that runs out (its relay died) makes the entries available again, and a relay re-takes its own leased entries
 * at once after a failed publish. The broker's duplicate window (Nats-Msg-Id) remains a second guard only.
 */
export class MongoOutbox implements OutboxStore {
  private readonly collection: Collection<OutboxDocument>;
  /** This relay's name in the leases it takes. */
  private readonly owner = randomUUID();
  private readonly leaseMs: number;
  private readonly now: () => Date;

  constructor(db: Db, options: MongoOutboxOptions = {}) {
    this.collection = db.collection<OutboxDocument>('outbox');
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.now = options.now ?? (() => new Date());
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ publishedAt: 1, createdAt: 1 });
    await this.collection.createIndex({ lease: 1 }, { name: 'lease', sparse: true });
    // Published entries are kept a week for inspection, then MongoDB deletes them; pending ones (null) never expire.
    await this.collection.createIndex({ publishedAt: 1 }, { name: 'published_ttl', expireAfterSeconds: PUBLISHED_RETENTION_SECONDS });
  }

  /** Appends the messages whose ids the outbox does not hold yet, so moving the same events twice stores them once. */
  async appendIfAbsent(messages: OutboxMessage[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.collection.insertOne({
          _id: message.id,
          type: message.type,
          payload: new Binary(message.payload),
          createdAt: message.createdAt,
          publishedAt: null,
          ...(message.traceparent ? { traceparent: message.traceparent } : {}),
        });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  /** Takes up to `limit` unpublished entries, oldest first, under this relay's lease, and answers those it got. */
  async pending(limit: number): Promise<OutboxMessage[]> {
    const now = this.now();
    const available = { publishedAt: null, $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lt: now } }, { leaseOwner: this.owner }] };
    const candidates = await this.collection.find(available).sort({ createdAt: 1 }).limit(limit).toArray();
    if (candidates.length === 0) return [];
    const lease = `${this.owner}:${randomUUID()}`;
    // One conditional update leases the batch: a candidate another relay leased meanwhile no longer matches.
    await this.collection.updateMany(
      { _id: { $in: candidates.map((candidate) => candidate._id) }, ...available },
      { $set: { leaseOwner: this.owner, leaseUntil: new Date(now.getTime() + this.leaseMs), lease } },
    );
    const taken = await this.collection.find({ lease, publishedAt: null }).sort({ createdAt: 1 }).toArray();
    return taken.map((document) => ({
      id: document._id,
      type: document.type,
      payload: new Uint8Array(document.payload.buffer),
      createdAt: document.createdAt,
      ...(document.traceparent ? { traceparent: document.traceparent } : {}),
    }));
  }

  async markPublished(ids: string[]): Promise<void> {
    await this.collection.updateMany({ _id: { $in: ids } }, { $set: { publishedAt: this.now() }, $unset: { leaseOwner: '', leaseUntil: '', lease: '' } });
  }

  async backlog(): Promise<OutboxBacklog> {
    const [pending, oldest] = await Promise.all([
      this.collection.countDocuments({ publishedAt: null }),
      this.collection.find({ publishedAt: null }, { projection: { createdAt: 1 } }).sort({ createdAt: 1 }).limit(1).next(),
    ]);
    return { pending, oldestCreatedAt: oldest?.createdAt ?? null };
  }
}
