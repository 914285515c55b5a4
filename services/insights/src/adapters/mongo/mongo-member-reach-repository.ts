import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { KeptReach, MemberReachRepository } from '../../app/ports.js';
import type { MemberReach } from '../../domain/member-coverage.js';

type MemberReachDocument = { _id: string; version: number; home?: { h3Cell: string; rangeInMiles: number }; erased?: true };
/** An erased member's mark: a version no answer can reach, so a late save finds a newer one kept and keeps nothing. */
const ERASED_VERSION = Number.MAX_SAFE_INTEGER;

/** The `member_reach` collection of the insights database: one document per member, by member id. */
export class MongoMemberReachRepository implements MemberReachRepository {
  private readonly collection: Collection<MemberReachDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MemberReachDocument>('member_reach');
  }

  async findMany(memberIds: readonly string[]): Promise<KeptReach[]> {
    if (memberIds.length === 0) return [];
    const documents = await this.collection.find({ _id: { $in: [...new Set(memberIds)] } }).toArray();
    return documents.map(({ _id, version, home, erased }): KeptReach => {
      if (erased) return { memberId: _id, erased: true };
      return { memberId: _id, version, ...(home ? { home: { h3Cell: home.h3Cell, rangeInMiles: home.rangeInMiles } } : {}) };
    });
  }

  async saveIfNewer({ memberId, version, home }: MemberReach): Promise<void> {
    try {
      // Replaces an older copy; with none kept the upsert inserts it; with the same, a newer one or an erasure kept, the
      // filter misses and the insert fails on the unique _id: nothing changes.
      await this.collection.replaceOne({ _id: memberId, version: { $lt: version } }, { version, ...(home ? { home } : {}) }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async erase(memberId: string): Promise<void> {
    await this.collection.replaceOne({ _id: memberId }, { version: ERASED_VERSION, erased: true }, { upsert: true });
  }
}
