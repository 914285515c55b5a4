import { onboardingStatuses, type OnboardingStatusLabel } from '@swarm/proto/labels';
import { informationFormMessages, isPhoneNumber, MAX_NAME_LENGTH } from '@swarm/proto/labels/forms';
import type { AlertChannels } from './alert-channels.js';
import { defaultAvailability, type Availability } from './availability.js';
import { isValidGeoPoint, type GeoPoint } from './geo.js';
import { MemberError } from './member-error.js';
import type { PushDevice } from './push-device.js';

export type OnboardingStatus = OnboardingStatusLabel;
/** Spec §3: onboarding 1 is the member dashboard tour; 'a' means the tour is to be shown, 'c' completed. */
export type OnboardingEntry = { onboardingId: number; status: OnboardingStatus };

export type Member = {
  memberId: string;
  /** Normalised: trimmed and lower-cased, so one person is one member whatever the case they type. */
  email: string;
  /** Empty until the member gives them. */
  name: string;
  phoneNumber: string;
  address: string;
  /** Where the address lies; undefined until the member gives an address. */
  home: GeoPoint | undefined;
  /** IANA name; availability hours are read in this zone. */
  timeZone: string;
  onboarding: OnboardingEntry[];
  availability: Availability;
  /** Undefined until the member chooses: then the default, text message only (see alertChannelsOf). */
  alertChannels: AlertChannels | undefined;
  /** The devices the member gets notifications on, oldest first. */
  pushDevices: PushDevice[];
  createdAt: Date;
};

export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;
export const MAX_ADDRESS_LENGTH = 500;
export const DASHBOARD_TOUR_ONBOARDING_ID = 1;
export const KNOWN_ONBOARDING_IDS: readonly number[] = [DASHBOARD_TOUR_ONBOARDING_ID];
/** Until the member's browser tells the zone it is in (the member area sends it on every visit). */
export const DEFAULT_TIME_ZONE = 'UTC';

/** One `@`, no spaces, a non-empty local part and a domain of at least two non-empty labels. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** The email a member is known by: trimmed, lower-cased and checked, or MEMBER.INVALID_EMAIL. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  const localPart = email.slice(0, email.indexOf('@'));
  if (!EMAIL_SHAPE.test(email) || email.length > MAX_EMAIL_LENGTH || localPart.length > MAX_EMAIL_LOCAL_PART_LENGTH) {
    throw new MemberError('MEMBER.INVALID_EMAIL', 'email is invalid', ['Email is invalid']);
  }
  return email;
}

/** A member seen for the first time: no information yet, the default availability and the dashboard tour to show. */
export function newMember(fields: { memberId: string; email: string; createdAt: Date }): Member {
  return {
    memberId: fields.memberId,
    email: normaliseEmail(fields.email),
    name: '',
    phoneNumber: '',
    address: '',
    home: undefined,
    timeZone: DEFAULT_TIME_ZONE,
    onboarding: [{ onboardingId: DASHBOARD_TOUR_ONBOARDING_ID, status: 'a' }],
    availability: defaultAvailability(),
    alertChannels: undefined,
    pushDevices: [],
    createdAt: fields.createdAt,
  };
}

export type MemberInformation = { name: string; phoneNumber: string; address: string };

/** Spec §5: an address the geocoder cannot place was not picked from the suggestions. */
export const ADDRESS_NOT_PLACED = informationFormMessages.addressNotPicked;

/**
 * The member's information checked against spec §5: a name of at least two words and at most 255 characters, a phone
 * of exactly 10 digits or none, an address of at most 500 characters or none. Refuses with
 * MEMBER.INVALID_INFORMATION listing every broken rule. Whether the address is a place is decided after, by placing it.
 */
export function checkInformation(raw: MemberInformation): MemberInformation {
  const errors: string[] = [];
  const name = raw.name.trim().replace(/\s+/g, ' ');
  if (name.length > MAX_NAME_LENGTH) errors.push(informationFormMessages.nameTooLong);
  else if (name.split(' ').filter((word) => word.length > 0).length < 2) errors.push(informationFormMessages.nameNeedsTwoWords);
  const phoneNumber = raw.phoneNumber.trim();
  if (phoneNumber !== '' && !isPhoneNumber(phoneNumber)) errors.push(informationFormMessages.phoneInvalid);
  const address = raw.address.trim().replace(/\s+/g, ' ');
  if (address.length > MAX_ADDRESS_LENGTH) errors.push('Address is too long');
  if (errors.length > 0) throw new MemberError('MEMBER.INVALID_INFORMATION', errors[0] ?? 'Invalid information.', errors);
  return { name, phoneNumber, address };
}

/** The address the member already has keeps the place it was resolved to: the geocoder is not asked again. */
export function keepsHome(member: Member, address: string): boolean {
  return member.home !== undefined && member.address === address;
}

/** The member's address at the place the geocoder put it, or MEMBER.ADDRESS_UNRESOLVED when it found none on earth. */
export function placedAddress(place: { formattedAddress: string; latitude: number; longitude: number } | undefined): { address: string; home: GeoPoint } {
  const home = place && { latitude: place.latitude, longitude: place.longitude };
  if (!place || !home || !isValidGeoPoint(home)) throw new MemberError('MEMBER.ADDRESS_UNRESOLVED', ADDRESS_NOT_PLACED, [ADDRESS_NOT_PLACED]);
  return { address: collapseSpaces(place.formattedAddress), home };
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * The ten-digit national form of a US phone number as an SMS provider sends it (+1XXXXXXXXXX, 1XXXXXXXXXX, or ten
 * digits, punctuation ignored), or undefined when it is none of these: member phone numbers are stored as ten digits.
 */
export function nationalPhoneNumber(raw: string): string | undefined {
  const digits = raw.trim().replace(/[\s().-]/g, '');
  const match = /^(?:\+?1)?(\d{10})$/.exec(digits);
  return match?.[1];
}

/** The onboarding list with one entry's status set (added when the member has none for that id yet). */
export function changeOnboarding(current: OnboardingEntry[], onboardingId: number, status: string): OnboardingEntry[] {
  if (!KNOWN_ONBOARDING_IDS.includes(onboardingId)) {
    throw new MemberError('MEMBER.INVALID_ONBOARDING', 'Unknown onboarding id.', ['Unknown onboarding id.']);
  }
  if (!isOnboardingStatus(status)) {
    const problem = `Onboarding status must be ${onboardingStatuses.labels.map((label) => `'${label}'`).join(' or ')}.`;
    throw new MemberError('MEMBER.INVALID_ONBOARDING', problem, [problem]);
  }
  const others = current.filter((entry) => entry.onboardingId !== onboardingId);
  return [...others, { onboardingId, status }].sort((left, right) => left.onboardingId - right.onboardingId);
}

function isOnboardingStatus(status: string): status is OnboardingStatus {
  return onboardingStatuses.isLabel(status);
}
