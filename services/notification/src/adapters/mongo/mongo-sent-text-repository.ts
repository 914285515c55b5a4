import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { ClaimOutcome, SentText, SentTextRepository } from '../../app/ports/stores.js';

type SentTextDocument = Omit<SentText, 'key'> & { _id: string };

/** Long enough for any retry and for a late answer to an outcome prompt; MongoDB deletes them after that. */
const RETENTION_SECONDS = 90 * 24 * 3_600;

/** The `sent_texts` collection of the notification database: texts other than alerts, by key. */
export class MongoSentTextRepository implements SentTextRepository {
  private readonly collection: Collection<SentTextDocument>;

  constructor(db: Db) {
    this.collection = db.collection<SentTextDocument>('sent_texts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ startedAt: 1 }, { name: 'started_ttl', expireAfterSeconds: RETENTION_SECONDS });
    await this.collection.createIndex({ memberId: 1, purpose: 1, startedAt: -1 }, { name: 'member_purpose_started' });
    // The reporter's texts of one report, found when the reporter's data is erased.
    await this.collection.createIndex({ reportId: 1 }, { name: 'report' });
  }

  async beginSending(text: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason'>): Promise<'new' | 'sending' | 'sent' | 'failed'> {
    const { key, ...fields } = text;
    for (;;) {
      try {
        // The unique _id makes of concurrent calls exactly one 'new'.
        await this.collection.insertOne({ _id: key, ...fields, state: 'sending' });
        return 'new';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const existing = await this.collection.findOne({ _id: key });
      // Gone between the insert and the read means deleted by its retention: try noting it again.
      if (existing) return existing.state;
    }
  }

  async find(key: string): Promise<SentText | undefined> {
    const document = await this.collection.findOne({ _id: key });
    return document ? fromDocument(document) : undefined;
  }

  async claimInterrupted(key: string, claim: { owner: string; at: Date; staleBefore: Date }): Promise<ClaimOutcome> {
    // One conditional write: of concurrent claims the document matches for one only. A note from before leases has
    // only its start.
    const claimed = await this.collection.updateOne(
      { _id: key, state: 'sending', $or: [{ leaseAt: { $lte: claim.staleBefore } }, { leaseAt: { $exists: false }, startedAt: { $lte: claim.staleBefore } }] },
      { $set: { owner: claim.owner, leaseAt: claim.at } },
    );
    if (claimed.modifiedCount === 1) return { outcome: 'claimed' };
    const existing = await this.collection.findOne({ _id: key });
    if (!existing) return { outcome: 'missing' };
    if (existing.state !== 'sending') return { outcome: existing.state };
    return { outcome: 'held', leaseAt: existing.leaseAt ?? existing.startedAt };
  }

  async renewLease(key: string, owner: string, at: Date): Promise<boolean> {
    const renewed = await this.collection.updateOne({ _id: key, state: 'sending', owner }, { $set: { leaseAt: at } });
    return renewed.matchedCount === 1;
  }

  async releaseLease(key: string, owner: string): Promise<void> {
    await this.collection.updateOne({ _id: key, state: 'sending', owner }, { $set: { leaseAt: new Date(0) } });
  }

  async markSent(key: string, sent: { sentAt: Date; providerId?: string }): Promise<void> {
    await this.collection.updateOne({ _id: key, state: 'sending' }, { $set: { state: 'sent', ...sent } });
  }

  async markFailed(key: string, reason: string): Promise<void> {
    await this.collection.updateOne({ _id: key, state: 'sending' }, { $set: { state: 'failed', failedReason: reason } });
  }

  async latestOutcomePrompt(memberId: string): Promise<SentText | undefined> {
    const document = await this.collection.findOne({ memberId, purpose: 'outcome-prompt', state: { $ne: 'failed' } }, { sort: { startedAt: -1 } });
    return document ? fromDocument(document) : undefined;
  }

  async eraseDestinationsOf(memberId: string): Promise<void> {
    await this.collection.updateMany({ memberId }, { $set: { to: '' } });
  }

  async eraseReporterDestinations(reportId: string): Promise<void> {
    await this.collection.updateMany({ reportId, memberId: { $exists: false } }, { $set: { to: '' } });
  }
}

function fromDocument({ _id, ...fields }: SentTextDocument): SentText {
  return { key: _id, ...fields };
}
