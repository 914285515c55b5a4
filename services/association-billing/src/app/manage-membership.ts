import { AssociationError } from '../domain/association-error.js';
import { checkId } from '../domain/membership.js';
import type { MembershipView } from './membership-view.js';
import type { AssociationRepository, Clock, MembershipRepository } from './ports.js';

/** What an association (through the operator) does to one of its memberships. */
export class ManageMembership {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  /** The member stops receiving alerts through the association until they enter an activation code again. */
  async deactivate(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return this.change(input, (companyId, memberId) => this.memberships.deactivate(companyId, memberId, this.clock.now()));
  }

  async makeAdmin(input: { companyId: string; memberId: string }): Promise<MembershipView> {
    return this.change(input, (companyId, memberId) => this.memberships.makeAdmin(companyId, memberId));
  }

  private async change(
    input: { companyId: string; memberId: string },
    apply: (companyId: string, memberId: string) => Promise<Awaited<ReturnType<MembershipRepository['find']>>>,
  ): Promise<MembershipView> {
    const companyId = checkId(input.companyId, 'Company id');
    const memberId = checkId(input.memberId, 'Member id');
    const association = await this.associations.findById(companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    const membership = await apply(companyId, memberId);
    if (!membership) throw new AssociationError('MEMBERSHIP.NOT_FOUND', 'membership not found');
    return { ...membership, association };
  }
}
