import { AssociationError } from './association-error.js';

/** 'inactive' is set by the association; the member reactivates by entering an activation code. */
export type MembershipStatus = 'active' | 'inactive';

export type Membership = {
  companyId: string;
  memberId: string;
  status: MembershipStatus;
  isAdmin: boolean;
  dateJoined: Date;
  /** When the status last changed: joined, deactivated or reactivated. */
  dateStatusChanged: Date;
};

export const MAX_ID_LENGTH = 128;

export function newMembership(fields: { companyId: string; memberId: string; joinedAt: Date }): Membership {
  return {
    companyId: fields.companyId,
    memberId: fields.memberId,
    status: 'active',
    isAdmin: false,
    dateJoined: fields.joinedAt,
    dateStatusChanged: fields.joinedAt,
  };
}

/** Ids come from other services or an operator's keyboard: non-empty, bounded, printable. */
export function checkId(value: string, label: string, code: 'MEMBERSHIP.INVALID' | 'BILLING.INVALID' = 'MEMBERSHIP.INVALID'): string {
  const id = value.trim();
  if (!id || id.length > MAX_ID_LENGTH || !/^[\x21-\x7e]+$/.test(id)) {
    const problem = `${label} must be 1 to ${MAX_ID_LENGTH} printable characters`;
    throw new AssociationError(code, problem, [problem]);
  }
  return id;
}
