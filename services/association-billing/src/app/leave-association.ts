import { AssociationError } from '../domain/association-error.js';
import { checkId } from '../domain/membership.js';
import type { MembershipRepository } from './ports.js';

/** Leaving takes effect at once: ListPayingMemberships and ChargeAlert no longer see the membership. */
export class LeaveAssociation {
  constructor(private readonly ports: { memberships: MembershipRepository }) {}

  async execute(input: { memberId: string; companyId: string }): Promise<void> {
    const memberId = checkId(input.memberId, 'Member id');
    const companyId = checkId(input.companyId, 'Company id');
    if (!(await this.ports.memberships.remove(companyId, memberId))) throw new AssociationError('MEMBERSHIP.NOT_FOUND', 'Company not found.');
  }
}
