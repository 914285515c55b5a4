import { type Collection, type Db, type Document, type Filter } from 'mongodb';
import { isDuplicateKeyError, NOTHING_PARKED, parkEvent, ParkedEvents, type MongoOutbox, type WithParkedEvents } from '@swarm/runtime/mongo';
import type { AddPushDeviceOutcome, CoveringMember, InsertOutcome, MemberPatch, MemberRepository, RemovePushDeviceOutcome } from '../../app/ports.js';
import type { AlertChannels } from '../../domain/alert-channels.js';
import { DAYS_OF_WEEK, DEFAULT_EXTRA_MILES, type DayOfWeek } from '../../domain/availability.js';
import { coverageOf, searchRadiusMiles } from '../../domain/covering.js';
import { boxesAround, type GeoPoint } from '../../domain/geo.js';
import type { Member, OnboardingEntry } from '../../domain/member.js';
import { memberChanged, memberDeleted } from '../../domain/member-events.js';
import { withPushDevice, type PushDevice } from '../../domain/push-device.js';
import { toOutboxMessage } from '../events/member-event-codec.js';

type DayWindowDocument = { fromHour: number; toHour: number };
/** Plain degrees: a compound index on both answers the range query of a search box on any MongoDB-compatible server. */
type HomeDocument = { latitude: number; longitude: number };
/** How homes were stored before: GeoJSON for a 2dsphere index, which only a real MongoDB can search. */
type LegacyPointDocument = { type: 'Point'; coordinates: [number, number] };

type PushDeviceDocument = { deviceId: string; name: string; endpoint: string; p256dh: string; auth: string; addedAt: Date };

/**
 * The member an endpoint was last given to: `_id` is the endpoint. A unique index on the devices' endpoints inside the
 * member documents would keep one device per endpoint on MongoDB, but not on the MongoDB-compatible server the tests
 * run on (it indexes an array field as null); this collection's `_id` does the same on both (see addPushDevice).
 */
type EndpointClaimDocument = { _id: string; memberId: string };

type MemberDocument = WithParkedEvents & {
  _id: string;
  /** Raised by every change; absent on members never changed (version 0). */
  version?: number;
  email: string;
  name: string;
  phoneNumber: string;
  address: string;
  home?: HomeDocument;
  timeZone: string;
  onboarding: OnboardingEntry[];
  availability: {
    doNotDisturb: boolean;
    elevationMaximumFeet: number;
    rangeInMiles: number;
    /** Keyed by day name rather than an array, so one day's window can be set by its path. */
    days: Record<DayOfWeek, DayWindowDocument>;
    /** Absent on members stored before the setting existed: none. */
    extraMiles?: number;
  };
  /** Absent until the member chooses (and on members stored before channels existed): text message only. */
  alertChannels?: AlertChannels;
  /** Absent on members stored before devices existed: none. */
  pushDevices?: PushDeviceDocument[];
  createdAt: Date;
  /** Set when the member deleted their account: every field but the id, the version and the email's stand-in is gone. */
  erasedAt?: Date;
};

/**
 * What stays of an erased member: the id, marked erased, holding nothing of the person. The unique email index counts
 * a missing email as one value, so the mark stands in for it; without an `@` it is never an email anyone logs in with.
 */
const ERASED_MEMBER_FIELDS = ['name', 'phoneNumber', 'address', 'home', 'timeZone', 'onboarding', 'availability', 'alertChannels', 'pushDevices', 'createdAt'] as const;
const erasedEmail = (memberId: string) => `erased:${memberId}`;
/** Matches members that are not erased. */
const NOT_ERASED = { erasedAt: { $exists: false } } as const;

/** What one change of a member writes. */
type Write = { set: Document; unset?: Document };


/** Re-reads after a concurrent change of the same member; each round only ever loses to a change that was stored. */
const UPDATE_ATTEMPTS = 20;

/**
 * The `members` collection of the member database, and its outbox: a change and its member.changed are one write
 * (the event parked on the member, then moved to the outbox; see ParkedEvents).
 */
export class MongoMemberRepository implements MemberRepository {
  private readonly collection: Collection<MemberDocument>;
  private readonly endpointClaims: Collection<EndpointClaimDocument>;
  private readonly parked: ParkedEvents<MemberDocument>;

  constructor(
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<MemberDocument>('members');
    this.endpointClaims = db.collection<EndpointClaimDocument>('push_endpoint_claims');
    this.parked = new ParkedEvents(this.collection, outbox);
  }

  /** Moves member.changed events a crash left on their members to the outbox; the relay calls it before each read. */
  recover(): Promise<void> {
    return this.parked.recover();
  }

  async ensureIndexes(): Promise<void> {
    await this.parked.ensureIndexes();
    await this.outbox.ensureIndexes();
    await this.migrateGeoJsonHomes();
    await this.collection.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
    // Coverage searches a latitude/longitude box: the latitude range narrows the scan, the longitude range is checked
    // in the index, and the exact distance decides after.
    await this.collection.createIndex({ 'home.latitude': 1, 'home.longitude': 1 }, { name: 'home_latitude_longitude' });
    // Inbound SMS finds the member by the number it came from; a number is not unique (two members may share one).
    await this.collection.createIndex({ phoneNumber: 1, createdAt: 1, _id: 1 }, { name: 'phone_lookup' });
    // A push service's 'gone' and a device moving to another member find the member holding an endpoint.
    await this.collection.createIndex({ 'pushDevices.endpoint': 1 }, { name: 'push_device_endpoint', sparse: true });
  }

  /** Homes stored as GeoJSON by earlier versions become plain degrees, and the 2dsphere index they needed goes. */
  private async migrateGeoJsonHomes(): Promise<void> {
    const legacy = this.collection.find({ 'home.type': 'Point' } as Document);
    for await (const document of legacy) {
      const [longitude, latitude] = (document.home as unknown as LegacyPointDocument).coordinates;
      await this.collection.updateOne({ _id: document._id, 'home.type': 'Point' } as Document, { $set: { home: { latitude, longitude } } });
    }
    const indexes = await this.collection.indexes().catch(() => []);
    if (indexes.some((index) => index.name === 'home_2dsphere')) await this.collection.dropIndex('home_2dsphere');
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
    const document = await this.collection.findOne({ _id: memberId, ...NOT_ERASED });
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
    if (patch.alertChannels !== undefined) {
      const { sms, push, email } = patch.alertChannels;
      set.alertChannels = { sms, push, email };
    }
    if (Object.keys(set).length === 0 && Object.keys(unset).length === 0) return this.findById(memberId);
    const changed = await this.change(memberId, () => ({ write: { set, unset }, result: undefined }));
    return changed && fromDocument(changed.document);
  }

  async addPushDevice(memberId: string, device: PushDevice): Promise<AddPushDeviceOutcome> {
    const before = await this.collection.findOne({ _id: memberId });
    if (!before) return { kind: 'member-not-found' };
    // Refused before the endpoint is taken from anyone: a device that cannot be added stays where it was.
    if (!withPushDevice(devicesOf(before), device)) return { kind: 'too-many' };
    // The last member to claim an endpoint keeps it. Whoever held it before loses it here; one who claimed it earlier
    // but stores it after this sees below that the claim is no longer theirs, and gives it up.
    await this.endpointClaims.updateOne({ _id: device.endpoint }, { $set: { memberId } }, { upsert: true });
    const holders = await this.collection.find({ 'pushDevices.endpoint': device.endpoint, _id: { $ne: memberId } }).toArray();
    for (const holder of holders) await this.removeEndpointFrom(holder._id, device.endpoint);
    const changed = await this.change(memberId, (current) => {
      const devices = withPushDevice(devicesOf(current), device);
      // Undefined: a concurrent add reached the limit first.
      if (!devices) return { write: undefined, result: undefined };
      const added = devices.find(({ endpoint }) => endpoint === device.endpoint);
      return { write: { set: { pushDevices: devices.map(toDeviceDocument) } }, result: added && structuredClone(added) };
    });
    if (!changed) return { kind: 'member-not-found' };
    if (!changed.result) return { kind: 'too-many' };
    const claim = await this.endpointClaims.findOne({ _id: device.endpoint });
    if (claim?.memberId !== memberId) await this.removeEndpointFrom(memberId, device.endpoint);
    return { kind: 'added', device: changed.result };
  }

  async removePushDevice(memberId: string, deviceId: string): Promise<RemovePushDeviceOutcome> {
    const changed = await this.change(memberId, (current) => {
      const devices = current.pushDevices ?? [];
      const removed = devices.find((device) => device.deviceId === deviceId);
      return { write: removed ? { set: { pushDevices: devices.filter((device) => device !== removed) } } : undefined, result: removed };
    });
    if (!changed) return 'member-not-found';
    if (!changed.result) return 'device-not-found';
    await this.endpointClaims.deleteOne({ _id: changed.result.endpoint, memberId });
    return 'removed';
  }

  async removePushEndpoint(endpoint: string): Promise<boolean> {
    const holders = await this.collection.find({ 'pushDevices.endpoint': endpoint }).toArray();
    let removed = false;
    for (const holder of holders) removed = (await this.removeEndpointFrom(holder._id, endpoint)) || removed;
    await this.endpointClaims.deleteOne({ _id: endpoint });
    return removed;
  }

  /** Whether the member held the endpoint; it no longer does. */
  private async removeEndpointFrom(memberId: string, endpoint: string): Promise<boolean> {
    const changed = await this.change(memberId, (current) => {
      const devices = current.pushDevices ?? [];
      const kept = devices.filter((device) => device.endpoint !== endpoint);
      const held = kept.length < devices.length;
      return { write: held ? { set: { pushDevices: kept } } : undefined, result: held };
    });
    return changed?.result ?? false;
  }

  /**
   * One change of a member, decided from the member as stored and written only if nobody changed it meanwhile (else
   * decided again), with its version raised and its member.changed parked on it in the same write. Answers the member
   * as stored after (as it was, when the decision writes nothing) and the decision's result, or undefined when no member
   * has this id.
   */
  private async change<R>(
    memberId: string,
    decide: (current: MemberDocument) => { write: Write | undefined; result: R },
  ): Promise<{ document: MemberDocument; result: R } | undefined> {
    // Conditional on the version read, so the version raised and the event parked are this change's own; a concurrent
    // change makes it read again. Changes set only their own fields, so both changes stay.
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.collection.findOne({ _id: memberId });
      if (!current) return undefined;
      if (current.pendingEvents?.length) {
        await this.parked.move(memberId, current.pendingEvents);
        continue;
      }
      if (current.erasedAt) return undefined;
      const { write, result } = decide(current);
      if (!write) return { document: current, result };
      const version = (current.version ?? 0) + 1;
      const parked = [parkEvent(toOutboxMessage(memberChanged(memberId, version), new Date()))];
      const update: Document = { $set: { ...write.set, version, pendingEvents: parked } };
      if (write.unset && Object.keys(write.unset).length > 0) update.$unset = write.unset;
      const filter = { _id: memberId, ...NOTHING_PARKED, version: current.version ?? { $exists: false } } as Filter<MemberDocument>;
      const document = await this.collection.findOneAndUpdate(filter, update, { returnDocument: 'after' });
      if (!document) continue;
      await this.parked.moveSoon(memberId, parked);
      this.onEventsStored();
      return { document, result };
    }
    throw new Error(`member ${memberId} kept changing concurrently; the change was not stored`);
  }

  async erase(memberId: string): Promise<boolean> {
    // Conditional on the version read, as a change is: a concurrent change makes it read again, and one erasure wins.
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt += 1) {
      const current = await this.collection.findOne({ _id: memberId });
      if (!current || current.erasedAt) return false;
      if (current.pendingEvents?.length) {
        await this.parked.move(memberId, current.pendingEvents);
        continue;
      }
      const parked = [parkEvent(toOutboxMessage(memberDeleted(memberId), new Date()))];
      const version = (current.version ?? 0) + 1;
      const update: Document = {
        $set: { email: erasedEmail(memberId), erasedAt: new Date(), version, pendingEvents: parked },
        $unset: Object.fromEntries(ERASED_MEMBER_FIELDS.map((field) => [field, ''])),
      };
      const filter = { _id: memberId, ...NOTHING_PARKED, version: current.version ?? { $exists: false } } as Filter<MemberDocument>;
      if (!(await this.collection.findOneAndUpdate(filter, update))) continue;
      await this.parked.moveSoon(memberId, parked);
      this.onEventsStored();
      const endpoints = (current.pushDevices ?? []).map(({ endpoint }) => endpoint);
      if (endpoints.length > 0) await this.endpointClaims.deleteMany({ _id: { $in: endpoints }, memberId });
      return true;
    }
    throw new Error(`member ${memberId} kept changing concurrently; the erasure was not stored`);
  }

  async findVersioned(memberIds: string[]): Promise<{ member: Member; version: number }[]> {
    if (memberIds.length === 0) return [];
    const documents = await this.collection.find({ _id: { $in: [...new Set(memberIds)] }, ...NOT_ERASED }).toArray();
    return documents.map((document) => ({ member: fromDocument(document), version: document.version ?? 0 }));
  }

  async findCovering(point: GeoPoint, heightFeet: number, { includeWider = false } = {}): Promise<CoveringMember[]> {
    // The index narrows to homes within the longest range (and extra miles) anyone may set; each member's own are
    // applied after.
    const boxes = boxesAround(point, searchRadiusMiles(includeWider)).map((box) => ({
      'home.latitude': { $gte: box.minLatitude, $lte: box.maxLatitude },
      'home.longitude': { $gte: box.minLongitude, $lte: box.maxLongitude },
    }));
    const candidates = await this.collection
      .find({ ...(boxes.length === 1 ? boxes[0] : { $or: boxes }), 'availability.elevationMaximumFeet': { $gte: heightFeet } })
      .toArray();
    const covering: CoveringMember[] = [];
    for (const document of candidates) {
      const member = fromDocument(document);
      const coverage = coverageOf(member, point, heightFeet, includeWider);
      if (coverage) covering.push({ memberId: member.memberId, ...coverage });
    }
    return covering.sort((left, right) => left.distanceMiles - right.distanceMiles);
  }
}

function devicesOf(document: MemberDocument): PushDevice[] {
  return (document.pushDevices ?? []).map(({ deviceId, name, endpoint, p256dh, auth, addedAt }) => ({ deviceId, name, endpoint, p256dh, auth, addedAt }));
}

function toDeviceDocument(device: PushDevice): PushDeviceDocument {
  return { deviceId: device.deviceId, name: device.name, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, addedAt: device.addedAt };
}

function toPoint(point: GeoPoint): HomeDocument {
  return { latitude: point.latitude, longitude: point.longitude };
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
      extraMiles: availability.extraMiles,
    },
    ...(member.alertChannels ? { alertChannels: { ...member.alertChannels } } : {}),
    pushDevices: member.pushDevices.map(toDeviceDocument),
    createdAt: member.createdAt,
  };
}

function fromDocument(document: MemberDocument): Member {
  const { availability } = document;
  return {
    memberId: document._id,
    email: document.email,
    name: document.name,
    phoneNumber: document.phoneNumber,
    address: document.address,
    home: document.home ? { latitude: document.home.latitude, longitude: document.home.longitude } : undefined,
    timeZone: document.timeZone,
    onboarding: document.onboarding.map(({ onboardingId, status }) => ({ onboardingId, status })),
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: DAYS_OF_WEEK.map((day) => ({ fromHour: availability.days[day].fromHour, toHour: availability.days[day].toHour })),
      extraMiles: availability.extraMiles ?? DEFAULT_EXTRA_MILES,
    },
    alertChannels: document.alertChannels ? { sms: document.alertChannels.sms, push: document.alertChannels.push, email: document.alertChannels.email } : undefined,
    pushDevices: devicesOf(document),
    createdAt: document.createdAt,
  };
}
