import type { Collection, Db } from 'mongodb';
import type { MembershipRepository } from '../../app/ports.js';
import type { Membership, MembershipStatus } from '../../domain/membership.js';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';

/** One document per (association, member): the pair is the _id, so a member joins an association at most once. */
type MembershipDocument = {
  _id: string;
  companyId: string;
  memberId: string;
  status: MembershipStatus;
  isAdmin: boolean;
  dateJoined: Date;
  dateStatusChanged: Date;
};

const idOf = (companyId: string, memberId: string) => JSON.stringify([companyId, memberId]);

export class MongoMembershipRepository implements MembershipRepository {
  private readonly collection: Collection<MembershipDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MembershipDocument>('memberships');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ memberId: 1, status: 1 });
    await this.collection.createIndex({ companyId: 1, dateJoined: 1 });
  }

  async createIfAbsent(membership: Membership): Promise<boolean> {
    try {
      await this.collection.insertOne({ _id: idOf(membership.companyId, membership.memberId), ...membership });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async find(companyId: string, memberId: string): Promise<Membership | undefined> {
    const document = await this.collection.findOne({ _id: idOf(companyId, memberId) });
    return document ? fromDocument(document) : undefined;
  }

  async reactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined> {
    // A conditional updateOne, not findOneAndUpdate: of concurrent calls exactly one sees modifiedCount 1 on every
    // server the adapter is run against (the MongoDB-compatible test server does not serialise findOneAndUpdate).
    const result = await this.collection.updateOne(
      { _id: idOf(companyId, memberId), status: 'inactive' },
      { $set: { status: 'active', dateStatusChanged: at } },
    );
    return result.modifiedCount === 1 ? this.find(companyId, memberId) : undefined;
  }

  async deactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined> {
    await this.collection.updateOne({ _id: idOf(companyId, memberId), status: 'active' }, { $set: { status: 'inactive', dateStatusChanged: at } });
    return this.find(companyId, memberId);
  }

  async makeAdmin(companyId: string, memberId: string): Promise<Membership | undefined> {
    const document = await this.collection.findOneAndUpdate({ _id: idOf(companyId, memberId) }, { $set: { isAdmin: true } }, { returnDocument: 'after' });
    return document ? fromDocument(document) : undefined;
  }

  async revokeAdmin(companyId: string, memberId: string): Promise<{ membership: Membership; wasAdmin: boolean } | undefined> {
    // A conditional updateOne, as reactivate: modifiedCount says whether this call took the right away.
    const result = await this.collection.updateOne({ _id: idOf(companyId, memberId), isAdmin: true }, { $set: { isAdmin: false } });
    const membership = await this.find(companyId, memberId);
    return membership && { membership, wasAdmin: result.modifiedCount === 1 };
  }

  async remove(companyId: string, memberId: string): Promise<boolean> {
    const result = await this.collection.deleteOne({ _id: idOf(companyId, memberId) });
    return result.deletedCount === 1;
  }

  async listByMember(memberId: string): Promise<Membership[]> {
    return (await this.collection.find({ memberId }).sort({ dateJoined: 1 }).toArray()).map(fromDocument);
  }

  async listByAssociation(companyId: string): Promise<Membership[]> {
    return (await this.collection.find({ companyId }).sort({ dateJoined: 1 }).toArray()).map(fromDocument);
  }

  async listActiveByMembers(memberIds: readonly string[]): Promise<Membership[]> {
    if (memberIds.length === 0) return [];
    const documents = await this.collection.find({ memberId: { $in: [...new Set(memberIds)] }, status: 'active' }).sort({ dateJoined: 1 }).toArray();
    return documents.map(fromDocument);
  }
}

function fromDocument(document: MembershipDocument): Membership {
  return {
    companyId: document.companyId,
    memberId: document.memberId,
    status: document.status,
    isAdmin: document.isAdmin,
    dateJoined: document.dateJoined,
    dateStatusChanged: document.dateStatusChanged,
  };
}
