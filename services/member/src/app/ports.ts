import type { AlertChannels } from '../domain/alert-channels.js';
import type { Availability, DayWindow } from '../domain/availability.js';
import type { GeoPoint } from '../domain/geo.js';
import type { Member } from '../domain/member.js';
import type { PushDevice } from '../domain/push-device.js';

export type InsertOutcome = { member: Member; created: boolean };

/** The fields an update sets; those left out are not touched, so concurrent updates of different fields both stay. */
export type MemberPatch = Partial<Pick<Member, 'name' | 'phoneNumber' | 'address' | 'home' | 'timeZone' | 'onboarding'>> & {
  /** Replaces the member's channels as a whole. */
  alertChannels?: AlertChannels;
  availability?: Partial<Pick<Availability, 'doNotDisturb' | 'elevationMaximumFeet' | 'rangeInMiles' | 'extraMiles'>> & {
    /** Windows by day index, 0 (Sunday) to 6. */
    days?: Partial<Record<number, DayWindow>>;
  };
};

/**
 * What adding a device came to: `added` with the device as stored (a device subscribing again keeps its id and date);
 * `too-many` when the member would have more than MAX_PUSH_DEVICES (nothing changed); `member-not-found`.
 */
export type AddPushDeviceOutcome = { kind: 'added'; device: PushDevice } | { kind: 'too-many' } | { kind: 'member-not-found' };

export type RemovePushDeviceOutcome = 'removed' | 'device-not-found' | 'member-not-found';

/** `wider`: the member covers the point only through their extra miles for unclaimed swarms. */
export type CoveringMember = { memberId: string; distanceMiles: number; wider: boolean };

export interface MemberRepository {
  /**
   * Stores the member unless one with the same email is already stored, atomically: concurrent calls for one email
   * store exactly one member. Returns the stored member and whether it is the one given.
   */
  insertIfAbsent(member: Member): Promise<InsertOutcome>;
  findById(memberId: string): Promise<Member | undefined>;
  /** `email` is normalised. */
  findByEmail(email: string): Promise<Member | undefined>;
  /** `phoneNumber` is ten digits; when several members gave it, the earliest created (then lowest id) is returned. */
  findByPhone(phoneNumber: string): Promise<Member | undefined>;
  /**
   * Sets the patch's fields (a `home` key with undefined removes the home) and returns the member as stored after,
   * or undefined when no member has this id. A change that sets anything raises the member's version by one and is
   * announced by `memberChanged(memberId, version)`, stored with it in one write (never one without the other).
   */
  update(memberId: string, patch: MemberPatch): Promise<Member | undefined>;
  /** The members with these ids that exist, each with its version (0 until its first change), in no particular order. */
  findVersioned(memberIds: string[]): Promise<{ member: Member; version: number }[]>;
  /**
   * Members with a home within their own range of the point (great-circle miles) and a height limit of at least
   * `heightFeet`, nearest first. With `includeWider`, also those whose home lies beyond their range but within range
   * + extra miles, marked `wider` (see coverageOf).
   */
  findCovering(point: GeoPoint, heightFeet: number, options?: { includeWider?: boolean }): Promise<CoveringMember[]>;
  /**
   * Adds the device to the member's (see withPushDevice). One device per endpoint across all members: any other member
   * holding the endpoint loses it, and when several add one endpoint at once exactly one keeps it. Each member whose
   * devices change is changed as by `update` (version raised, member.changed announced). Refused, changing nothing,
   * when the member would have more than MAX_PUSH_DEVICES.
   */
  addPushDevice(memberId: string, device: PushDevice): Promise<AddPushDeviceOutcome>;
  /** Removes one of the member's devices by its id, as a change of the member. */
  removePushDevice(memberId: string, deviceId: string): Promise<RemovePushDeviceOutcome>;
  /** Removes the endpoint from whichever member holds it, as a change of that member; whether any member held it. */
  removePushEndpoint(endpoint: string): Promise<boolean>;
  /**
   * Erases the member (a deletion of their account): everything kept of them goes, their devices' endpoints included,
   * and `memberDeleted(memberId)` is stored in the same write. The id then finds nothing, and the email may be a new
   * member's. False, changing nothing, when no member has this id (unknown or already erased).
   */
  erase(memberId: string): Promise<boolean>;
}

export type StoredLoginToken = { tokenHash: string; email: string; expiresAt: Date };

/** Login tokens by hash: the token itself is never stored. */
export interface LoginTokenRepository {
  save(token: StoredLoginToken): Promise<void>;
  /**
   * Removes the token with this hash and returns it if it had not expired at `now`, atomically: of concurrent calls
   * for one hash at most one gets it.
   */
  consume(tokenHash: string, now: Date): Promise<StoredLoginToken | undefined>;
  /** Removes every token issued for the email, used or not (its member deleted their account). */
  removeForEmail(email: string): Promise<void>;
}

/** A place an address was resolved to, as the geocoder names it. */
export type Place = { formattedAddress: string; latitude: number; longitude: number };

/** Places the address a member picked from the suggestions (a paid call with a provider like Google). */
export interface Geocoder {
  /**
   * Undefined when the address is not one the geocoder can place. Throws an error with code 'GEOCODER.UNAVAILABLE'
   * when the provider cannot be asked (a temporary failure, not a bad address).
   */
  resolve(address: string): Promise<Place | undefined>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

/** Login-token secrets: random URL-safe tokens and their one-way hash. */
export interface TokenSecrets {
  newToken(): string;
  hash(token: string): string;
}
