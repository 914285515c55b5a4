import { checkId } from '../domain/membership.js';
import { withAssociations, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/** The associations a member belongs to, as the member area shows them. */
export class ListMemberMemberships {
  constructor(private readonly ports: { associations: AssociationRepository; memberships: MembershipRepository }) {}

  async execute(memberId: string): Promise<MembershipView[]> {
    return withAssociations(this.ports.associations, await this.ports.memberships.listByMember(checkId(memberId, 'Member id')));
  }
}
