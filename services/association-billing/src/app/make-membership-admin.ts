import { changeMembership, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/** The member becomes an admin of the association (the statistics and admin pages are theirs). */
export class MakeMembershipAdmin {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async execute(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return changeMembership(this.associations, input, (companyId, memberId) => this.memberships.makeAdmin(companyId, memberId));
  }
}
