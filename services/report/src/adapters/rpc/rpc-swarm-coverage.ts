import type { Client } from '@connectrpc/connect';
import type { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import type { SwarmCoverage } from '../../app/ports.js';
import type { GeoPoint, ReportAssociation } from '../../domain/report.js';

/** Bounds one coverage question so a slow service fails the submission instead of holding it open. */
const CALL_TIMEOUT_MS = 5_000;

/**
 * Asks the member service who covers the point at this height, then association-billing which of those members an
 * alert can reach through a paying association; the report keeps those associations.
 */
export class RpcSwarmCoverage implements SwarmCoverage {
  constructor(
    private readonly members: Client<typeof MemberService>,
    private readonly billing: Client<typeof AssociationBillingService>,
  ) {}

  async associationsCovering(point: GeoPoint, heightFeet: number): Promise<ReportAssociation[]> {
    const { members } = await this.members.findCoveringMembers(
      { point: { latitude: point.latitude, longitude: point.longitude }, heightFeet },
      { timeoutMs: CALL_TIMEOUT_MS },
    );
    if (members.length === 0) return [];
    const { memberships } = await this.billing.listPayingMemberships(
      { memberIds: members.map((member) => member.memberId) },
      { timeoutMs: CALL_TIMEOUT_MS },
    );
    const byCompany = new Map<string, ReportAssociation>();
    for (const { association } of memberships) {
      if (!association || byCompany.has(association.companyId)) continue;
      byCompany.set(association.companyId, {
        companyId: association.companyId,
        name: association.companyName,
        donationUrl: association.donationUrl,
      });
    }
    return [...byCompany.values()];
  }
}
