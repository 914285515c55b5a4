import { checkId } from '../domain/membership.js';
import type { MembershipRepository } from './ports.js';

/**
 * A member who deleted their account leaves every association at once. The ledger keeps its lines: their amounts stay
 * against the member id, which no longer names anyone. Idempotent: a repeated deletion finds nothing left to leave.
 */
export class LeaveEveryAssociation {
  constructor(private readonly ports: { memberships: MembershipRepository }) {}

  /** How many associations the member left. */
  async execute(input: { memberId: string }): Promise<number> {
    const memberId = checkId(input.memberId, 'Member id');
    let left = 0;
    for (const membership of await this.ports.memberships.listByMember(memberId)) {
      if (await this.ports.memberships.remove(membership.companyId, memberId)) left += 1;
    }
    return left;
  }
}
