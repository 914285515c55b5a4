import { changeMembership, type MembershipView } from './membership-view.js';
import type { AssociationRepository, MembershipRepository } from './ports.js';

/**
 * The member is no longer an admin of the association: its statistics are refused to them from the next request on.
 * `wasAdmin` is false when they were not one, and nothing changed.
 */
export class RevokeMembershipAdmin {
  constructor(private readonly ports: { associations: AssociationRepository; memberships: MembershipRepository }) {}

  async execute(input: { companyId: string; memberId: string }): Promise<{ membership: MembershipView; wasAdmin: boolean }> {
    let wasAdmin = false;
    const membership = await changeMembership(this.ports.associations, input, async (companyId, memberId) => {
      const revoked = await this.ports.memberships.revokeAdmin(companyId, memberId);
      wasAdmin = revoked?.wasAdmin ?? false;
      return revoked?.membership;
    });
    return { membership, wasAdmin };
  }
}
