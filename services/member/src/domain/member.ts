import { defaultAvailability, type Availability } from './availability.js';
import { MemberError } from './member-error.js';

export type Member = {
  memberId: string;
  /** Normalised: trimmed and lower-cased, so one person is one member whatever the case they type. */
  email: string;
  availability: Availability;
  createdAt: Date;
};

export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAIL_LOCAL_PART_LENGTH = 64;

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

/** A member seen for the first time, with the default availability. */
export function newMember(fields: { memberId: string; email: string; createdAt: Date }): Member {
  return { memberId: fields.memberId, email: normaliseEmail(fields.email), availability: defaultAvailability(), createdAt: fields.createdAt };
}
