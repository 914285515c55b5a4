import { type Collection, type Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { ClaimRecordRepository } from '../../app/ports/stores.js';

type ClaimDocument = { _id: string; reportId: string; memberId: string; claimedAt: Date };

/** One document per (report, member); conditional writes keep the newest claim when events arrive out of order. */
export class MongoClaimRecordRepository implements ClaimRecordRepository {
  private readonly collection: Collection<ClaimDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ClaimDocument>('claims');
  }

  /** A member's recent claims are counted for every alert scheduled to them: by member, then by time. */
  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ memberId: 1, claimedAt: 1 }, { name: 'member_claimed_at' });
  }

  async recordClaim(claim: { reportId: string; memberId: string; claimedAt: Date }): Promise<void> {
    const _id = `${claim.reportId}--${claim.memberId}`;
    try {
      await this.collection.insertOne({ _id, ...claim });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      await this.collection.updateOne({ _id, claimedAt: { $lt: claim.claimedAt } }, { $set: { claimedAt: claim.claimedAt } });
    }
  }

  async removeClaim(claim: { reportId: string; memberId: string; unclaimedAt: Date }): Promise<void> {
    await this.collection.deleteOne({ _id: `${claim.reportId}--${claim.memberId}`, claimedAt: { $lte: claim.unclaimedAt } });
  }

  async countClaimsSince(memberIds: string[], since: Date): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (memberIds.length === 0) return counts;
    // Recent claims are few per member (a week's worth), so the matching documents are counted here.
    for await (const claim of this.collection.find({ memberId: { $in: memberIds }, claimedAt: { $gte: since } })) {
      counts.set(claim.memberId, (counts.get(claim.memberId) ?? 0) + 1);
    }
    return counts;
  }
}
