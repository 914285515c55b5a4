import type { Client } from '@connectrpc/connect';
import type { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import type { SwarmCoverage } from '../../app/ports.js';
import { coverageFrom, type Coverage } from '../../domain/coverage.js';
import type { GeoPoint } from '../../domain/report.js';

/** Bounds one coverage question so a slow service fails the submission instead of holding it open. */
const CALL_TIMEOUT_MS = 5_000;

/**
 * Asks the member service who covers the point at this height, then association-billing which of those members an
 * alert can reach through a paying association (in billing's stable order, which picks each member's association).
 */
export class RpcSwarmCoverage implements SwarmCoverage {
  constructor(
    private readonly members: Client<typeof MemberService>,
    private readonly billing: Client<typeof AssociationBillingService>,
  ) {}

  async coverageOf(point: GeoPoint, heightFeet: number): Promise<Coverage> {
    const { members } = await this.members.findCoveringMembers(
      { point: { latitude: point.latitude, longitude: point.longitude }, heightFeet },
      { timeoutMs: CALL_TIMEOUT_MS },
    );
    if (members.length === 0) return { members: [], associations: [] };
    const { memberships } = await this.billing.listPayingMemberships(
      { memberIds: members.map((member) => member.memberId) },
      { timeoutMs: CALL_TIMEOUT_MS },
    );
    return coverageFrom(
      members.map(({ memberId, distanceMiles }) => ({ memberId, distanceMiles })),
      memberships.flatMap(({ memberId, association }) =>
        association ? [{ memberId, companyId: association.companyId, companyName: association.companyName, donationUrl: association.donationUrl }] : [],
      ),
    );
  }
}
