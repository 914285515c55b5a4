import type { Association } from '../domain/association.js';
import type { Membership } from '../domain/membership.js';
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
