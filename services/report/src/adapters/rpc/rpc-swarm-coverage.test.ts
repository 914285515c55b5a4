import { createClient, createRouterTransport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { describe, expect, it } from 'vitest';
import { RpcSwarmCoverage } from './rpc-swarm-coverage.js';

type Membership = { memberId: string; companyId: string; companyName: string; donationUrl: string };

/**
 * Small stand-ins for the member and association-billing services, speaking their Connect contracts: members cover
 * a point when their home is within a square "range", and the memberships listed are the paying ones.
 */
function coverageOver(options: { members: { memberId: string; latitude: number; maxHeightFeet: number; wider?: boolean }[]; memberships: Membership[] }) {
  const asked: { memberIds: string[][]; includeWider: boolean[] } = { memberIds: [], includeWider: [] };
  const transport = createRouterTransport((router) => {
    router.service(MemberService, {
      async findCoveringMembers(request) {
        asked.includeWider.push(request.includeWider);
        const covering = options.members.filter(
          (member) =>
            Math.abs(member.latitude - (request.point?.latitude ?? 0)) < 0.1 && request.heightFeet <= member.maxHeightFeet && (!member.wider || request.includeWider),
        );
        return { members: covering.map((member) => ({ memberId: member.memberId, distanceMiles: 1, wider: member.wider ?? false })) };
      },
    });
    router.service(AssociationBillingService, {
      async listPayingMemberships(request) {
        asked.memberIds.push(request.memberIds);
        return {
          memberships: options.memberships
            .filter((membership) => request.memberIds.includes(membership.memberId))
            .map(({ memberId, companyId, companyName, donationUrl }) => ({ memberId, association: { companyId, companyName, donationUrl } })),
        };
      },
    });
  });
  return { coverage: new RpcSwarmCoverage(createClient(MemberService, transport), createClient(AssociationBillingService, transport)), asked };
}

const HERE = { latitude: 45.5, longitude: -122.6 };

describe('RpcSwarmCoverage', () => {
  it('returns each covering member with their first paying association, and each paying association once', async () => {
    const { coverage, asked } = coverageOver({
      members: [
        { memberId: 'm-1', latitude: 45.5, maxHeightFeet: 20 },
        { memberId: 'm-2', latitude: 45.55, maxHeightFeet: 20 },
        { memberId: 'far', latitude: 47, maxHeightFeet: 20 },
      ],
      memberships: [
        { memberId: 'm-1', companyId: 'c-1', companyName: 'Portland Beekeepers', donationUrl: 'https://example.org/give' },
        { memberId: 'm-2', companyId: 'c-1', companyName: 'Portland Beekeepers', donationUrl: 'https://example.org/give' },
        { memberId: 'm-2', companyId: 'c-2', companyName: 'Hive Helpers', donationUrl: '' },
        { memberId: 'far', companyId: 'c-3', companyName: 'Far Away', donationUrl: '' },
      ],
    });
    expect(await coverage.coverageOf(HERE, 10)).toEqual({
      members: [
        { memberId: 'm-1', distanceMiles: 1, companyId: 'c-1', companyName: 'Portland Beekeepers' },
        { memberId: 'm-2', distanceMiles: 1, companyId: 'c-1', companyName: 'Portland Beekeepers' },
      ],
      associations: [
        { companyId: 'c-1', name: 'Portland Beekeepers', donationUrl: 'https://example.org/give' },
        { companyId: 'c-2', name: 'Hive Helpers', donationUrl: '' },
      ],
      wider: [],
    });
    expect(asked.memberIds).toEqual([['m-1', 'm-2']]);
  });

  it('asks billing about a large coverage in parts of 200 members, each member whole, with the coverage one question would give', async () => {
    const memberIds = Array.from({ length: 450 }, (_, index) => `m-${index}`);
    const { coverage, asked } = coverageOver({
      members: memberIds.map((memberId) => ({ memberId, latitude: 45.5, maxHeightFeet: 20 })),
      memberships: memberIds.flatMap((memberId, index) => [
        { memberId, companyId: `c-${index % 3}`, companyName: `Association ${index % 3}`, donationUrl: '' },
        { memberId, companyId: 'c-shared', companyName: 'Shared', donationUrl: '' },
      ]),
    });
    const answer = await coverage.coverageOf(HERE, 10);
    expect(asked.memberIds.map((part) => part.length)).toEqual([200, 200, 50]);
    expect(asked.memberIds.flat()).toEqual(memberIds);
    expect(answer.members).toHaveLength(450);
    expect(answer.members[449]).toEqual({ memberId: 'm-449', distanceMiles: 1, companyId: 'c-2', companyName: 'Association 2' });
    expect(answer.associations.map((association) => association.companyId)).toEqual(['c-0', 'c-shared', 'c-1', 'c-2']);
  });

  it('asks once, with the wider coverage, and answers the members reached only through their extra miles apart, if they pay', async () => {
    const { coverage, asked } = coverageOver({
      members: [
        { memberId: 'm-1', latitude: 45.5, maxHeightFeet: 20 },
        { memberId: 'extra', latitude: 45.55, maxHeightFeet: 20, wider: true },
        { memberId: 'extra-unpaid', latitude: 45.55, maxHeightFeet: 20, wider: true },
      ],
      memberships: [
        { memberId: 'm-1', companyId: 'c-1', companyName: 'Portland Beekeepers', donationUrl: '' },
        { memberId: 'extra', companyId: 'c-2', companyName: 'Hive Helpers', donationUrl: '' },
      ],
    });
    expect(await coverage.coverageOf(HERE, 10)).toEqual({
      members: [{ memberId: 'm-1', distanceMiles: 1, companyId: 'c-1', companyName: 'Portland Beekeepers' }],
      associations: [{ companyId: 'c-1', name: 'Portland Beekeepers', donationUrl: '' }],
      wider: [{ memberId: 'extra', distanceMiles: 1, companyId: 'c-2', companyName: 'Hive Helpers' }],
    });
    expect(asked.includeWider).toEqual([true]);
    expect(asked.memberIds).toEqual([['m-1', 'extra', 'extra-unpaid']]);
  });

  it('returns no coverage, without asking billing, when only extra miles reach the place', async () => {
    const { coverage, asked } = coverageOver({
      members: [{ memberId: 'extra', latitude: 45.5, maxHeightFeet: 20, wider: true }],
      memberships: [{ memberId: 'extra', companyId: 'c-2', companyName: 'Hive Helpers', donationUrl: '' }],
    });
    expect(await coverage.coverageOf(HERE, 10)).toEqual({ members: [], associations: [], wider: [] });
    expect(asked.memberIds).toEqual([]);
  });

  it('returns nothing, without asking billing, when no member covers the place at that height', async () => {
    const { coverage, asked } = coverageOver({
      members: [{ memberId: 'm-1', latitude: 45.5, maxHeightFeet: 10 }],
      memberships: [{ memberId: 'm-1', companyId: 'c-1', companyName: 'A', donationUrl: '' }],
    });
    expect(await coverage.coverageOf(HERE, 30)).toEqual({ members: [], associations: [], wider: [] });
    expect(asked.memberIds).toEqual([]);
  });

  it('returns nothing when the covering members have no paying membership', async () => {
    const { coverage } = coverageOver({ members: [{ memberId: 'm-1', latitude: 45.5, maxHeightFeet: 10 }], memberships: [] });
    expect(await coverage.coverageOf(HERE, 5)).toEqual({ members: [], associations: [], wider: [] });
  });
});
