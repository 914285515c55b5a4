import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { InsertOutcome, MemberRepository } from '../../app/ports.js';
import type { Member } from '../../domain/member.js';

type DayWindowDocument = { fromHour: number; toHour: number };

type MemberDocument = {
  _id: string;
  email: string;
  availability: {
    doNotDisturb: boolean;
    elevationMaximumFeet: number;
    rangeInMiles: number;
    days: DayWindowDocument[];
  };
  createdAt: Date;
};

const DUPLICATE_KEY = 11000;

export class MongoMemberRepository implements MemberRepository {
  private readonly collection: Collection<MemberDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MemberDocument>('members');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
  }

  async insertIfAbsent(member: Member): Promise<InsertOutcome> {
    try {
      await this.collection.insertOne(toDocument(member));
      return { member, created: true };
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      // The unique email index refused it: another call stored this email first, and that member is the one to keep.
      const existing = await this.findByEmail(member.email);
      if (existing) return { member: existing, created: false };
      throw error;
    }
  }

  async findById(memberId: string): Promise<Member | undefined> {
    const document = await this.collection.findOne({ _id: memberId });
    return document ? fromDocument(document) : undefined;
  }

  async findByEmail(email: string): Promise<Member | undefined> {
    const document = await this.collection.findOne({ email });
    return document ? fromDocument(document) : undefined;
  }
}

function toDocument(member: Member): MemberDocument {
  const { availability } = member;
  return {
    _id: member.memberId,
    email: member.email,
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: availability.days.map(({ fromHour, toHour }) => ({ fromHour, toHour })),
    },
    createdAt: member.createdAt,
  };
}

function fromDocument(document: MemberDocument): Member {
  const { availability } = document;
  return {
    memberId: document._id,
    email: document.email,
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: availability.days.map(({ fromHour, toHour }) => ({ fromHour, toHour })),
    },
    createdAt: document.createdAt,
  };
}
