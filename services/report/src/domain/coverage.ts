import type { ReportAssociation } from './report.js';

/** A member whose home range and height limit cover the swarm, alerted through one paying association. */
export type CoveringMember = { memberId: string; distanceMiles: number; companyId: string; companyName: string };

/** Who is alerted about a swarm and the associations paying for it; computed once, when the report is submitted. */
export type Coverage = {
  /** Members with a paying association, in the order the member service found them (nearest first). */
  members: CoveringMember[];
  /** Each paying association of a covering member once, for the reporter's thank-you page. */
  associations: ReportAssociation[];
};

/** A paying membership as billing lists it, in billing's stable order. */
export type PayingMembership = { memberId: string; companyId: string; companyName: string; donationUrl: string };

/**
 * Coverage from the members covering the place and their paying memberships. A member alerted through several
 * associations is alerted once, through the first membership in billing's stable order, so every alert of the report
 * (a retry, the re-alert after an un-claim) charges the same association. Members with no paying membership are left
 * out: nobody would pay for their alert.
 */
export function coverageFrom(covering: { memberId: string; distanceMiles: number }[], memberships: PayingMembership[]): Coverage {
  const payingByMember = new Map<string, PayingMembership>();
  const associations = new Map<string, ReportAssociation>();
  for (const membership of memberships) {
    if (!payingByMember.has(membership.memberId)) payingByMember.set(membership.memberId, membership);
    if (!associations.has(membership.companyId)) {
      associations.set(membership.companyId, { companyId: membership.companyId, name: membership.companyName, donationUrl: membership.donationUrl });
    }
  }
  const members = covering.flatMap(({ memberId, distanceMiles }) => {
    const paying = payingByMember.get(memberId);
    return paying ? [{ memberId, distanceMiles, companyId: paying.companyId, companyName: paying.companyName }] : [];
  });
  return { members, associations: [...associations.values()] };
}
