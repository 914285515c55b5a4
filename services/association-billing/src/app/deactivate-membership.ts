import { changeMembership, type MembershipView } from './membership-view.js';
import type { AssociationRepository, Clock, MembershipRepository } from './ports.js';

/** The member stops receiving alerts through the association until they enter an activation code again. */
export class DeactivateMembership {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      memberships: MembershipRepository;
      clock: Clock;
    },
  ) {}

  async execute(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return changeMembership(this.ports.associations, input, (companyId, memberId) => this.ports.memberships.deactivate(companyId, memberId, this.ports.clock.now()));
  }
}
