import { type Collection, type Db, type Document } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { CoveringMember, InsertOutcome, MemberPatch, MemberRepository } from '../../app/ports.js';
import { DAYS_OF_WEEK, MAX_RANGE_IN_MILES, type DayOfWeek } from '../../domain/availability.js';
import { coveringDistance } from '../../domain/covering.js';
import type { GeoPoint } from '../../domain/geo.js';
import type { Member, OnboardingEntry } from '../../domain/member.js';

type DayWindowDocument = { fromHour: number; toHour: number };
/** GeoJSON, longitude first, as the 2dsphere index reads it. */
type PointDocument = { type: 'Point'; coordinates: [number, number] };

type MemberDocument = {
  _id: string;
  email: string;
  name: string;
  phoneNumber: string;
  address: string;
  home?: PointDocument;
  timeZone: string;
  onboarding: OnboardingEntry[];
  availability: {
    doNotDisturb: boolean;
    elevationMaximumFeet: number;
    rangeInMiles: number;
    /** Keyed by day name rather than an array, so one day's window can be set by its path. */
    days: Record<DayOfWeek, DayWindowDocument>;
  };
  createdAt: Date;
};

const METERS_PER_MILE = 1609.344;
/**
 * MongoDB measures spherical distances with the equatorial radius, a little longer than the mean radius the domain
 * uses; the index search reaches slightly further and the domain's own distance decides.
 */
const SEARCH_SLACK = 1.01;

export class MongoMemberRepository implements MemberRepository {
  private readonly collection: Collection<MemberDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MemberDocument>('members');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
    await this.collection.createIndex({ home: '2dsphere' }, { name: 'home_2dsphere' });
    // Inbound SMS finds the member by the number it came from; a number is not unique (two members may share one).
    await this.collection.createIndex({ phoneNumber: 1, createdAt: 1, _id: 1 }, { name: 'phone_lookup' });
  }

  async insertIfAbsent(member: Member): Promise<InsertOutcome> {
    try {
      await this.collection.insertOne(toDocument(member));
      return { member, created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
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

  async findByPhone(phoneNumber: string): Promise<Member | undefined> {
    if (phoneNumber === '') return undefined;
    const [document] = await this.collection.find({ phoneNumber }).sort({ createdAt: 1, _id: 1 }).limit(1).toArray();
    return document ? fromDocument(document) : undefined;
  }

  async update(memberId: string, patch: MemberPatch): Promise<Member | undefined> {
    const set: Document = {};
    const unset: Document = {};
    for (const field of ['name', 'phoneNumber', 'address', 'timeZone', 'onboarding'] as const) {
      if (patch[field] !== undefined) set[field] = patch[field];
    }
    if ('home' in patch) {
      if (patch.home) set.home = toPoint(patch.home);
      else unset.home = '';
    }
    const { days, ...scalars } = patch.availability ?? {};
    for (const [field, value] of Object.entries(scalars)) if (value !== undefined) set[`availability.${field}`] = value;
    for (const [day, window] of Object.entries(days ?? {})) {
      const dayName = DAYS_OF_WEEK[Number(day)];
      if (window && dayName) set[`availability.days.${dayName}`] = { fromHour: window.fromHour, toHour: window.toHour };
    }
    const update: Document = {};
    if (Object.keys(set).length > 0) update.$set = set;
    if (Object.keys(unset).length > 0) update.$unset = unset;
    if (Object.keys(update).length === 0) return this.findById(memberId);
    const document = await this.collection.findOneAndUpdate({ _id: memberId }, update, { returnDocument: 'after' });
    return document ? fromDocument(document) : undefined;
  }

  async findCovering(point: GeoPoint, heightFeet: number): Promise<CoveringMember[]> {
    // The index narrows to homes within the longest range anyone may set; each member's own range is applied after.
    const candidates = await this.collection
      .aggregate<MemberDocument>([
        {
          $geoNear: {
            near: toPoint(point),
            key: 'home',
            distanceField: 'distanceMeters',
            spherical: true,
            maxDistance: MAX_RANGE_IN_MILES * METERS_PER_MILE * SEARCH_SLACK,
            query: { 'availability.elevationMaximumFeet': { $gte: heightFeet } },
          },
        },
      ])
      .toArray();
    const covering: CoveringMember[] = [];
    for (const document of candidates) {
      const member = fromDocument(document);
      const distanceMiles = coveringDistance(member, point, heightFeet);
      if (distanceMiles !== undefined) covering.push({ member, distanceMiles });
    }
    return covering.sort((left, right) => left.distanceMiles - right.distanceMiles);
  }
}

function toPoint(point: GeoPoint): PointDocument {
  return { type: 'Point', coordinates: [point.longitude, point.latitude] };
}

function toDocument(member: Member): MemberDocument {
  const { availability } = member;
  return {
    _id: member.memberId,
    email: member.email,
    name: member.name,
    phoneNumber: member.phoneNumber,
    address: member.address,
    ...(member.home ? { home: toPoint(member.home) } : {}),
    timeZone: member.timeZone,
    onboarding: member.onboarding.map(({ onboardingId, status }) => ({ onboardingId, status })),
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: Object.fromEntries(
        DAYS_OF_WEEK.map((day, index) => {
          const window = availability.days[index];
          if (!window) throw new Error(`member ${member.memberId} has no window for ${day}`);
          return [day, { fromHour: window.fromHour, toHour: window.toHour }];
        }),
      ) as Record<DayOfWeek, DayWindowDocument>,
    },
    createdAt: member.createdAt,
  };
}

function fromDocument(document: MemberDocument): Member {
  const { availability } = document;
  const coordinates = document.home?.coordinates;
  return {
    memberId: document._id,
    email: document.email,
    name: document.name,
    phoneNumber: document.phoneNumber,
    address: document.address,
    home: coordinates ? { latitude: coordinates[1], longitude: coordinates[0] } : undefined,
    timeZone: document.timeZone,
    onboarding: document.onboarding.map(({ onboardingId, status }) => ({ onboardingId, status })),
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: DAYS_OF_WEEK.map((day) => ({ fromHour: availability.days[day].fromHour, toHour: availability.days[day].toHour })),
    },
    createdAt: document.createdAt,
  };
}
