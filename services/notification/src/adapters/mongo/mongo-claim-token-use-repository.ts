import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { ClaimTokenUse, ClaimTokenUseRepository } from '../../app/ports/claim-tokens.js';

type ClaimTokenUseDocument = { _id: string; usedAt: Date; outcome: string };

/** A token is valid while its report can be claimed (days); its use is kept a month, then MongoDB deletes it. */
const RETENTION_SECONDS = 30 * 24 * 3_600;

/** The `claim_token_uses` collection of the notification database: the first use of each claim token. */
export class MongoClaimTokenUseRepository implements ClaimTokenUseRepository {
  private readonly collection: Collection<ClaimTokenUseDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ClaimTokenUseDocument>('claim_token_uses');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ usedAt: 1 }, { name: 'used_ttl', expireAfterSeconds: RETENTION_SECONDS });
  }

  async find(tokenId: string): Promise<ClaimTokenUse | undefined> {
    const document = await this.collection.findOne({ _id: tokenId });
    return document ? { tokenId: document._id, usedAt: document.usedAt, outcome: document.outcome } : undefined;
  }

  async recordFirstUse(use: ClaimTokenUse): Promise<void> {
    try {
      // The unique _id keeps the first of concurrent uses.
      await this.collection.insertOne({ _id: use.tokenId, usedAt: use.usedAt, outcome: use.outcome });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
