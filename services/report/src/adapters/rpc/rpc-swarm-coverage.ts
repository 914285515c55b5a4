import type { Client } from '@connectrpc/connect';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import type { AssociationBillingService, PayingMembership as PayingMembershipMessage } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { SwarmCoverage } from '../../app/ports.js';
import { coverageFrom, type Coverage } from '../../domain/coverage.js';
import type { GeoPoint } from '../../domain/report.js';

/** Bounds one coverage question so a slow service fails the submission instead of holding it open. */
const CALL_TIMEOUT_MS = 5_000;

/**
 * Members per question to billing. A thousand in one answer took 20–30 ms of one thread to build, encode and decode
 * (in the one embedded process, a block every request waited behind); asked in parts of this size, each part is a few
 * ms, with requests answered between them (over the network, a round trip more per part, for coverages over 200
 * members only). Billing answers each member's memberships whole, so parts change nothing.
 */
const MEMBERS_PER_BILLING_QUESTION = 200;

/**
 * Asks the member service who covers the point at this height, also through their extra miles (the wider coverage),
 * then association-billing, in parts, which of those members an alert can reach through a paying association (in
 * billing's stable order, which picks each member's association). One coverage for both: the escalation needs no
 * second question.
 */
export class RpcSwarmCoverage implements SwarmCoverage {
  constructor(
    private readonly members: Client<typeof MemberService>,
    private readonly billing: Client<typeof AssociationBillingService>,
  ) {}

  async coverageOf(point: GeoPoint, heightFeet: number): Promise<Coverage> {
    const { members } = await this.members.findCoveringMembers(
      { point: { latitude: point.latitude, longitude: point.longitude }, heightFeet, includeWider: true },
      { timeoutMs: CALL_TIMEOUT_MS },
    );
    // Without a regular covering member the report is refused (no coverage), whoever the extra miles reach.
    if (!members.some((member) => !member.wider)) return { members: [], associations: [], wider: [] };
    const memberIds = [...new Set(members.map((member) => member.memberId))];
    const memberships: PayingMembershipMessage[] = [];
    for (let start = 0; start < memberIds.length; start += MEMBERS_PER_BILLING_QUESTION) {
      const part = await this.billing.listPayingMemberships({ memberIds: memberIds.slice(start, start + MEMBERS_PER_BILLING_QUESTION) }, { timeoutMs: CALL_TIMEOUT_MS });
      memberships.push(...part.memberships);
    }
    return coverageFrom(
      members.map(({ memberId, distanceMiles, wider }) => ({ memberId, distanceMiles, wider })),
      memberships.flatMap(({ memberId, association }) =>
        association ? [{ memberId, companyId: association.companyId, companyName: association.companyName, donationUrl: association.donationUrl }] : [],
      ),
    );
  }
}
