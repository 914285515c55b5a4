import type { ReportAssociation } from './report.js';

/** A member whose home range and height limit cover the swarm, alerted through one paying association. */
export type CoveringMember = { memberId: string; distanceMiles: number; companyId: string; companyName: string };

/** Who is alerted about a swarm and the associations paying for it; computed once, when the report is submitted. */
export type Coverage = {
  /** Members with a paying association, in the order the member service found them (nearest first). */
  members: CoveringMember[];
  /** Each paying association of a covering member once, those of the nearest members first, for the reporter's thank-you page. */
  associations: ReportAssociation[];
  /**
   * Members with a paying association who cover the place only through the extra miles they give for unclaimed
   * swarms, none of them in `members`; alerted by the escalation. Absent when none.
   */
  wider?: CoveringMember[];
};

/** A member the member service found covering a place; `wider` when only through their extra miles. */
export type FoundMember = { memberId: string; distanceMiles: number; wider?: boolean };

/** A paying membership as billing lists it, in billing's stable order. */
export type PayingMembership = { memberId: string; companyId: string; companyName: string; donationUrl: string };

/**
 * Coverage from the members covering the place and their paying memberships. A member alerted through several
 * associations is alerted once, through the first membership in billing's stable order, so every alert of the report
 * (a retry, the re-alert after an un-claim, the escalation) charges the same association. Members with no paying
 * membership are left out: nobody would pay for their alert. Members covering the place only through their extra
 * miles form the wider coverage; the thank-you page names only the associations of the regular coverage, the ones
 * alerted at once.
 */
export function coverageFrom(covering: FoundMember[], memberships: PayingMembership[]): Coverage {
  const membershipsByMember = new Map<string, PayingMembership[]>();
  for (const membership of memberships) {
    const ofMember = membershipsByMember.get(membership.memberId);
    if (ofMember) ofMember.push(membership);
    else membershipsByMember.set(membership.memberId, [membership]);
  }
  const regular = covering.filter((member) => !member.wider);
  const regularIds = new Set(regular.map((member) => member.memberId));
  // In the members' order rather than the listing's, so the page reads the same however billing was asked.
  const associations = new Map<string, ReportAssociation>();
  for (const { memberId } of regular) {
    for (const membership of membershipsByMember.get(memberId) ?? []) {
      if (!associations.has(membership.companyId)) {
        associations.set(membership.companyId, { companyId: membership.companyId, name: membership.companyName, donationUrl: membership.donationUrl });
      }
    }
  }
  const paying = (found: FoundMember[]): CoveringMember[] =>
    found.flatMap(({ memberId, distanceMiles }) => {
      const membership = membershipsByMember.get(memberId)?.[0];
      return membership ? [{ memberId, distanceMiles, companyId: membership.companyId, companyName: membership.companyName }] : [];
    });
  const members = paying(regular);
  // A member found both ways is alerted with the regular coverage, never twice.
  const wider = paying(covering.filter((member) => member.wider && !regularIds.has(member.memberId)));
  return { members, associations: [...associations.values()], wider };
}
