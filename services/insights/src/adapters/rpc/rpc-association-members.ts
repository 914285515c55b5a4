import { Code, ConnectError, type Client } from '@connectrpc/connect';
import { MembershipStatus, type AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { z } from 'zod';
import type { AssociationMembers } from '../../app/ports.js';

const memberId = z.string().min(1).max(200);

/**
 * AssociationMembers over the association-billing service's ListAssociationMembers: active memberships only. An
 * association it does not know has no members, as the map of one has no cells.
 */
export class RpcAssociationMembers implements AssociationMembers {
  constructor(private readonly billing: Client<typeof AssociationBillingService>) {}

  async activeMemberIds(companyId: string): Promise<string[]> {
    let memberships;
    try {
      ({ memberships } = await this.billing.listAssociationMembers({ companyId }));
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.NotFound) return [];
      throw error;
    }
    return memberships.filter((membership) => membership.status === MembershipStatus.ACTIVE).map((membership) => memberId.parse(membership.memberId));
  }
}
