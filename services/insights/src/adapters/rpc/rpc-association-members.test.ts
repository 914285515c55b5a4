import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { AssociationBillingService, MembershipStatus } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { describe, expect, it } from 'vitest';
import { RpcAssociationMembers } from './rpc-association-members.js';

const billingAnswering = (listAssociationMembers: (companyId: string) => { memberId: string; status: MembershipStatus }[]) =>
  new RpcAssociationMembers(
    createClient(
      AssociationBillingService,
      createRouterTransport((router) =>
        router.service(AssociationBillingService, {
          listAssociationMembers(request) {
            return { memberships: listAssociationMembers(request.companyId) };
          },
        }),
      ),
    ),
  );

describe('the active members of an association, from the association-billing service', () => {
  it('are the members whose membership is active: an inactive one covers nothing on the map', async () => {
    const members = billingAnswering(() => [
      { memberId: 'm1', status: MembershipStatus.ACTIVE },
      { memberId: 'm2', status: MembershipStatus.INACTIVE },
      { memberId: 'm3', status: MembershipStatus.ACTIVE },
      { memberId: 'm4', status: MembershipStatus.UNSPECIFIED },
    ]);
    expect(await members.activeMemberIds('c1')).toEqual(['m1', 'm3']);
  });

  it('are none for an association billing does not know, and a failure of billing is thrown', async () => {
    expect(
      await billingAnswering(() => {
        throw new ConnectError('association not found', Code.NotFound);
      }).activeMemberIds('c1'),
    ).toEqual([]);
    await expect(
      billingAnswering(() => {
        throw new ConnectError('down', Code.Unavailable);
      }).activeMemberIds('c1'),
    ).rejects.toMatchObject({ code: Code.Unavailable });
  });

  it('refuses an answer naming a member with an empty id', async () => {
    await expect(billingAnswering(() => [{ memberId: '', status: MembershipStatus.ACTIVE }]).activeMemberIds('c1')).rejects.toThrow();
  });
});
