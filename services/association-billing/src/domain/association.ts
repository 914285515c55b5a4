import { AssociationError } from './association-error.js';

export type AssociationStatus = 'active' | 'inactive';

export const MAX_COMPANY_NAME_LENGTH = 255;
export const MAX_DONATION_URL_LENGTH = 2048;

/** What a new association is made of, once checked. */
export type AssociationDetails = {
  companyName: string;
  /** Absent when the association takes no donations. */
  donationUrl?: string;
};

export type Association = AssociationDetails & {
  companyId: string;
  status: AssociationStatus;
  createdAt: Date;
  /** Where low-balance notices go; absent until an operator sets it. */
  adminContactEmail?: string;
};

export const MAX_EMAIL_LENGTH = 254;

/** A plain mailbox address (one @, a dot in the domain, no spaces), lower-cased. */
export function checkAdminContactEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(email)) {
    const problem = 'Admin contact email must be a valid email address';
    throw new AssociationError('ASSOCIATION.INVALID', problem, [problem]);
  }
  return email;
}

/** An empty or blank donation URL means none. */
export type UncheckedAssociationDetails = { companyName: string; donationUrl: string };

/**
 * The association rules the service keeps whatever the caller checked: a name of 1 to 255 characters once trimmed,
 * and a donation URL, when given, that is an absolute http(s) URL of at most 2048 characters.
 */
export function checkAssociationDetails(input: UncheckedAssociationDetails): AssociationDetails {
  const problems: string[] = [];
  const companyName = input.companyName.trim();
  const donationUrl = input.donationUrl.trim();
  if (!companyName) problems.push('Company name is required');
  if (companyName.length > MAX_COMPANY_NAME_LENGTH) problems.push(`Company name must be at most ${MAX_COMPANY_NAME_LENGTH} characters`);
  if (donationUrl.length > MAX_DONATION_URL_LENGTH) {
    problems.push(`Donation URL must be at most ${MAX_DONATION_URL_LENGTH} characters`);
  } else if (donationUrl && !isAbsoluteHttpUrl(donationUrl)) {
    problems.push('Donation URL must be an absolute http or https URL');
  }
  if (problems.length > 0) throw new AssociationError('ASSOCIATION.INVALID', problems.join('; '), problems);
  return donationUrl ? { companyName, donationUrl } : { companyName };
}

function isAbsoluteHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** A newly created association takes part at once. */
export function newAssociation(fields: { companyId: string; details: AssociationDetails; createdAt: Date }): Association {
  return { companyId: fields.companyId, ...fields.details, status: 'active', createdAt: fields.createdAt };
}
