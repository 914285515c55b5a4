import { AssociationError } from '../domain/association-error.js';
import type { Association } from '../domain/association.js';
import { checkId, type Membership } from '../domain/membership.js';
import type { AssociationRepository } from './ports.js';

/** A membership with the association it is in, as members and operators see it. */
export type MembershipView = Membership & { association: Association };

/** Memberships whose association is gone are left out. */
export async function withAssociations(associations: AssociationRepository, memberships: Membership[]): Promise<MembershipView[]> {
  const found = await associations.findByIds(memberships.map((membership) => membership.companyId));
  const byId = new Map(found.map((association) => [association.companyId, association]));
  return memberships.flatMap((membership) => {
    const association = byId.get(membership.companyId);
    return association ? [{ ...membership, association }] : [];
  });
}

/** One change an association (through the operator) makes to one of its memberships, with the ids checked first. */
export async function changeMembership(
  associations: AssociationRepository,
  input: { companyId: string; memberId: string },
  apply: (companyId: string, memberId: string) => Promise<Membership | undefined>,
): Promise<MembershipView> {
  const companyId = checkId(input.companyId, 'Company id');
  const memberId = checkId(input.memberId, 'Member id');
  const association = await associations.findById(companyId);
  if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
  const membership = await apply(companyId, memberId);
  if (!membership) throw new AssociationError('MEMBERSHIP.NOT_FOUND', 'membership not found');
  return { ...membership, association };
}
