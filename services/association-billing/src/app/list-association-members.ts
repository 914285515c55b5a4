import { AssociationError } from '../domain/association-error.js';
import type { MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/** The members of one association, as its admins and the operator see them. */
export class ListAssociationMembers {
  constructor(private readonly ports: { associations: AssociationRepository; memberships: MembershipRepository }) {}

  async execute(companyId: string): Promise<MembershipView[]> {
    const association = await this.ports.associations.findById(companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    return (await this.ports.memberships.listByAssociation(companyId)).map((membership) => ({ ...membership, association }));
  }
}
