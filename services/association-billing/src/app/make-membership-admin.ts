import { changeMembership, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/** The member becomes an admin of the association (the statistics and admin pages are theirs). */
export class MakeMembershipAdmin {
  constructor(private readonly ports: { associations: AssociationRepository; memberships: MembershipRepository }) {}

  async execute(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return changeMembership(this.ports.associations, input, (companyId, memberId) => this.ports.memberships.makeAdmin(companyId, memberId));
  }
}
