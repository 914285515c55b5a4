import { changeMembership, type MembershipView } from './membership-view.js';
import type { AssociationRepository, Clock, MembershipRepository } from './ports.js';

/** The member stops receiving alerts through the association until they enter an activation code again. */
export class DeactivateMembership {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return changeMembership(this.associations, input, (companyId, memberId) => this.memberships.deactivate(companyId, memberId, this.clock.now()));
  }
}
