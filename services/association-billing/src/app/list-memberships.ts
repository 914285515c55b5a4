import { AssociationError } from '../domain/association-error.js';
import { checkId } from '../domain/membership.js';
import { withAssociations, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

export class ListMemberMemberships {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(memberId: string): Promise<MembershipView[]> {
    return withAssociations(this.associations, await this.memberships.listByMember(checkId(memberId, 'Member id')));
  }
}

export class ListAssociationMembers {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(companyId: string): Promise<MembershipView[]> {
    const association = await this.associations.findById(companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    return (await this.memberships.listByAssociation(companyId)).map((membership) => ({ ...membership, association }));
  }
}
