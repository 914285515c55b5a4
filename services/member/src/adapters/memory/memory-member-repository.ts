import type { MemoryOutbox } from '@swarm/runtime';
import type { AddPushDeviceOutcome, CoveringMember, InsertOutcome, MemberPatch, MemberRepository, RemovePushDeviceOutcome } from '../../app/ports.js';
import { coverageOf, searchRadiusMiles } from '../../domain/covering.js';
import { boxesAround, leastDistanceInMiles, type GeoBox, type GeoPoint } from '../../domain/geo.js';
import type { Member } from '../../domain/member.js';
import { memberChanged, memberDeleted } from '../../domain/member-events.js';
import { withPushDevice, type PushDevice } from '../../domain/push-device.js';
import { toOutboxMessage } from '../events/member-event-codec.js';

/** Homes are filed in cells of this many degrees a side: a 25-mile search box touches a few, a 50-mile one about a dozen. */
const CELL_DEGREES = 0.5;

/** Floating-point slack when skipping a cell: its least distance and a member's exact one may differ in the last bits. */
const REACH_ROUNDING_MILES = 1e-6;

const cellIndex = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const cellKey = (latitudeIndex: number, longitudeIndex: number) => `${latitudeIndex}:${longitudeIndex}`;
const cellOf = (home: GeoPoint) => cellKey(cellIndex(home.latitude), cellIndex(home.longitude));

const cellBox = (cell: string): GeoBox => {
  const [latitudeIndex, longitudeIndex] = cell.split(':').map(Number) as [number, number];
  return {
    minLatitude: latitudeIndex * CELL_DEGREES,
    maxLatitude: (latitudeIndex + 1) * CELL_DEGREES,
    minLongitude: longitudeIndex * CELL_DEGREES,
    maxLongitude: (longitudeIndex + 1) * CELL_DEGREES,
  };
};

/** The farthest any member living in a cell covers: by their range, and with their extra miles. */
type CellReach = { box: GeoBox; range: number; wider: number };

function* cellsOverlapping(box: GeoBox): Generator<string> {
  for (let latitude = cellIndex(box.minLatitude); latitude <= cellIndex(box.maxLatitude); latitude += 1) {
    for (let longitude = cellIndex(box.minLongitude); longitude <= cellIndex(box.maxLongitude); longitude += 1) yield cellKey(latitude, longitude);
  }
}

/**
 * Members in a map, with the lookups the Mongo adapter has indexes for: by email, by phone number, by push endpoint,
 * and homes in a latitude/longitude grid that coverage searches the way the Mongo adapter's box query does, so no call
 * scans every member. Each write checks and changes in one synchronous step, as a unique index would make it atomic; a change and
 * its member.changed reach the outbox in that same step.
 */
export class MemoryMemberRepository implements MemberRepository {
  private readonly members = new Map<string, Member>();
  private readonly byEmail = new Map<string, string>();
  private readonly byPhone = new Map<string, Set<string>>();
  private readonly homesByCell = new Map<string, Set<string>>();
  /** Each cell's reach, so a search skips a cell none of whose members can reach the swarm without looking at them. */
  private readonly reachByCell = new Map<string, CellReach>();
  /** Each endpoint's one holder. */
  private readonly byEndpoint = new Map<string, string>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

  async insertIfAbsent(member: Member): Promise<InsertOutcome> {
    const existingId = this.byEmail.get(member.email);
    if (existingId !== undefined) return { member: structuredClone(this.members.get(existingId)!), created: false };
    if (this.members.has(member.memberId)) throw new Error(`member id ${member.memberId} is already taken`);
    const stored = structuredClone(member);
    this.members.set(member.memberId, stored);
    this.index(stored);
    for (const device of stored.pushDevices) this.byEndpoint.set(device.endpoint, stored.memberId);
    return { member: structuredClone(member), created: true };
  }

  async findById(memberId: string): Promise<Member | undefined> {
    const member = this.members.get(memberId);
    return member && structuredClone(member);
  }

  async findByEmail(email: string): Promise<Member | undefined> {
    const memberId = this.byEmail.get(email);
    return memberId === undefined ? undefined : structuredClone(this.members.get(memberId));
  }

  async findByPhone(phoneNumber: string): Promise<Member | undefined> {
    if (phoneNumber === '') return undefined;
    const [first] = [...(this.byPhone.get(phoneNumber) ?? [])]
      .map((memberId) => this.members.get(memberId)!)
      .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime() || (left.memberId < right.memberId ? -1 : 1));
    return first && structuredClone(first);
  }

  async update(memberId: string, patch: MemberPatch): Promise<Member | undefined> {
    const member = this.members.get(memberId);
    if (!member) return undefined;
    if (!changesAnything(patch)) return structuredClone(member);
    this.unindex(member);
    const { availability, ...fields } = structuredClone(patch);
    Object.assign(member, fields);
    if (availability) {
      const { days, ...scalars } = availability;
      Object.assign(member.availability, scalars);
      for (const [day, window] of Object.entries(days ?? {})) if (window) member.availability.days[Number(day)] = window;
    }
    this.announceChange(memberId);
    this.index(member);
    return structuredClone(member);
  }

  async addPushDevice(memberId: string, device: PushDevice): Promise<AddPushDeviceOutcome> {
    const member = this.members.get(memberId);
    if (!member) return { kind: 'member-not-found' };
    const devices = withPushDevice(member.pushDevices, structuredClone(device));
    if (!devices) return { kind: 'too-many' };
    this.takeEndpoint(device.endpoint, memberId);
    member.pushDevices = devices;
    this.announceChange(memberId);
    return { kind: 'added', device: structuredClone(devices.find(({ endpoint }) => endpoint === device.endpoint)!) };
  }

  async removePushDevice(memberId: string, deviceId: string): Promise<RemovePushDeviceOutcome> {
    const member = this.members.get(memberId);
    if (!member) return 'member-not-found';
    const device = member.pushDevices.find((candidate) => candidate.deviceId === deviceId);
    if (!device) return 'device-not-found';
    this.removeEndpointFrom(member, device.endpoint);
    return 'removed';
  }

  async removePushEndpoint(endpoint: string): Promise<boolean> {
    const holderId = this.byEndpoint.get(endpoint);
    const holder = holderId === undefined ? undefined : this.members.get(holderId);
    if (!holder) return false;
    this.removeEndpointFrom(holder, endpoint);
    return true;
  }

  async erase(memberId: string): Promise<boolean> {
    const member = this.members.get(memberId);
    if (!member) return false;
    this.unindex(member);
    for (const device of member.pushDevices) if (this.byEndpoint.get(device.endpoint) === memberId) this.byEndpoint.delete(device.endpoint);
    this.members.delete(memberId);
    this.versions.delete(memberId);
    this.outbox.append([toOutboxMessage(memberDeleted(memberId), new Date())]);
    this.onEventsStored();
    return true;
  }

  /** The endpoint leaves the member who held it (a change of that member), so that `memberId` can hold it. */
  private takeEndpoint(endpoint: string, memberId: string): void {
    const holderId = this.byEndpoint.get(endpoint);
    const holder = holderId === undefined || holderId === memberId ? undefined : this.members.get(holderId);
    if (holder) this.removeEndpointFrom(holder, endpoint);
    this.byEndpoint.set(endpoint, memberId);
  }

  private removeEndpointFrom(member: Member, endpoint: string): void {
    member.pushDevices = member.pushDevices.filter((device) => device.endpoint !== endpoint);
    if (this.byEndpoint.get(endpoint) === member.memberId) this.byEndpoint.delete(endpoint);
    this.announceChange(member.memberId);
  }

  /** Raises the member's version and puts its member.changed in the outbox, in the same step as the change. */
  private announceChange(memberId: string): void {
    const version = (this.versions.get(memberId) ?? 0) + 1;
    this.versions.set(memberId, version);
    this.outbox.append([toOutboxMessage(memberChanged(memberId, version), new Date())]);
    this.onEventsStored();
  }

  async findVersioned(memberIds: string[]): Promise<{ member: Member; version: number }[]> {
    return [...new Set(memberIds)].flatMap((memberId) => {
      const member = this.members.get(memberId);
      return member ? [{ member: structuredClone(member), version: this.versions.get(memberId) ?? 0 }] : [];
    });
  }

  async findCovering(point: GeoPoint, heightFeet: number, { includeWider = false } = {}): Promise<CoveringMember[]> {
    // The grid narrows to homes within the longest range (and extra miles) anyone may set; each member's own are
    // applied after.
    const candidates = new Set<string>();
    for (const box of boxesAround(point, searchRadiusMiles(includeWider))) {
      for (const cell of cellsOverlapping(box)) {
        const reach = this.reachByCell.get(cell);
        if (!reach || leastDistanceInMiles(point, reach.box) > (includeWider ? reach.wider : reach.range) + REACH_ROUNDING_MILES) continue;
        for (const memberId of this.homesByCell.get(cell) ?? []) candidates.add(memberId);
      }
    }
    const covering: CoveringMember[] = [];
    for (const memberId of candidates) {
      const member = this.members.get(memberId)!;
      const coverage = coverageOf(member, point, heightFeet, includeWider);
      if (coverage) covering.push({ memberId, ...coverage });
    }
    return covering.sort((left, right) => left.distanceMiles - right.distanceMiles);
  }

  private index(member: Member): void {
    this.byEmail.set(member.email, member.memberId);
    if (member.phoneNumber !== '') addTo(this.byPhone, member.phoneNumber, member.memberId);
    if (!member.home) return;
    const cell = cellOf(member.home);
    addTo(this.homesByCell, cell, member.memberId);
    const reach = this.reachByCell.get(cell) ?? { box: cellBox(cell), range: 0, wider: 0 };
    const { rangeInMiles, extraMiles } = member.availability;
    reach.range = Math.max(reach.range, rangeInMiles);
    reach.wider = Math.max(reach.wider, rangeInMiles + extraMiles);
    this.reachByCell.set(cell, reach);
  }

  private unindex(member: Member): void {
    if (this.byEmail.get(member.email) === member.memberId) this.byEmail.delete(member.email);
    removeFrom(this.byPhone, member.phoneNumber, member.memberId);
    if (!member.home) return;
    const cell = cellOf(member.home);
    removeFrom(this.homesByCell, cell, member.memberId);
    // The leaving member may have been the one reaching farthest: the cell's reach is taken again from those left.
    const left = this.homesByCell.get(cell);
    if (!left) {
      this.reachByCell.delete(cell);
      return;
    }
    const reach: CellReach = { box: cellBox(cell), range: 0, wider: 0 };
    for (const memberId of left) {
      const { rangeInMiles, extraMiles } = this.members.get(memberId)!.availability;
      reach.range = Math.max(reach.range, rangeInMiles);
      reach.wider = Math.max(reach.wider, rangeInMiles + extraMiles);
    }
    this.reachByCell.set(cell, reach);
  }
}

/** Whether a patch sets any field, as the Mongo adapter writes it (an empty one stores and announces nothing). */
function changesAnything(patch: MemberPatch): boolean {
  const { availability, ...fields } = patch;
  const { days, ...scalars } = availability ?? {};
  return (
    Object.entries(fields).some(([field, value]) => value !== undefined || field === 'home') ||
    Object.values(scalars).some((value) => value !== undefined) ||
    Object.values(days ?? {}).some((window) => window !== undefined)
  );
}

function addTo(index: Map<string, Set<string>>, key: string, memberId: string): void {
  const ids = index.get(key);
  if (ids) ids.add(memberId);
  else index.set(key, new Set([memberId]));
}

function removeFrom(index: Map<string, Set<string>>, key: string, memberId: string): void {
  const ids = index.get(key);
  ids?.delete(memberId);
  if (ids?.size === 0) index.delete(key);
}
