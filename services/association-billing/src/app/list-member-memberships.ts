import { checkId } from '../domain/membership.js';
import { withAssociations, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/** The associations a member belongs to, as the member area shows them. */
export class ListMemberMemberships {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(memberId: string): Promise<MembershipView[]> {
    return withAssociations(this.associations, await this.memberships.listByMember(checkId(memberId, 'Member id')));
  }
}
