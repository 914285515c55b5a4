import type { Collection, Db } from 'mongodb';
import type { JoinFailureRepository } from '../../app/ports.js';

type JoinFailureDocument = { memberId: string; at: Date };

export class MongoJoinFailureRepository implements JoinFailureRepository {
  private readonly collection: Collection<JoinFailureDocument>;

  constructor(db: Db) {
    this.collection = db.collection<JoinFailureDocument>('join_failures');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ memberId: 1, at: 1 });
  }

  async record(memberId: string, at: Date): Promise<void> {
    await this.collection.insertOne({ memberId, at });
  }

  async countSince(memberId: string, since: Date): Promise<number> {
    await this.collection.deleteMany({ memberId, at: { $lt: since } });
    return this.collection.countDocuments({ memberId, at: { $gte: since } });
  }
}
