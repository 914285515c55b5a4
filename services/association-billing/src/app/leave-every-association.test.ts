import { InProcessEventBus, MemberDeletedEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeToMemberDeleted } from '../adapters/events/member-deleted-subscriber.js';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { newMembership } from '../domain/membership.js';
import { ChargeAlert } from './charge-alert.js';
import { LeaveEveryAssociation } from './leave-every-association.js';
import { LowBalanceNotice } from './low-balance-notice.js';
import { TopUp } from './top-up.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('LeaveEveryAssociation (a member deleted their account)', () => {
  let stores: AssociationBillingStores;
  let leave: LeaveEveryAssociation;
  const bus = new InProcessEventBus(testLogger());
  afterEach(() => bus.close());

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    leave = new LeaveEveryAssociation({ memberships: stores.memberships });
    for (const companyId of ['c-1', 'c-2']) {
      await stores.associations.create(newAssociation({ companyId, details: { companyName: `Bees ${companyId}` }, createdAt: now }));
      for (const memberId of ['m-1', 'm-2']) await stores.memberships.createIfAbsent(newMembership({ companyId, memberId, joinedAt: now }));
    }
  });

  it('removes every membership of the member and keeps the other members’', async () => {
    expect(await leave.execute({ memberId: 'm-1' })).toBe(2);
    expect(await stores.memberships.listByMember('m-1')).toEqual([]);
    expect((await stores.memberships.listByMember('m-2')).map(({ companyId }) => companyId)).toEqual(['c-1', 'c-2']);
    expect(await leave.execute({ memberId: 'm-1' })).toBe(0);
  });

  it('keeps the ledger lines charged for the member, with their amounts, against the id that names nobody now', async () => {
    let nextId = 0;
    const ids = { newId: () => `entry-${(nextId += 1)}` };
    const clock = { now: () => now };
    const notice = new LowBalanceNotice(stores.ledger, { send: async () => undefined }, { warn: () => undefined }, 0);
    await new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids }).execute({ companyId: 'c-1', amountCents: 1100 });
    await new ChargeAlert({ associations: stores.associations, memberships: stores.memberships, ledger: stores.ledger, notice, clock, ids }).execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    const before = await stores.ledger.entriesOf('c-1');
    await leave.execute({ memberId: 'm-1' });
    expect(await stores.ledger.entriesOf('c-1')).toEqual(before);
    expect(await stores.ledger.balanceOf('c-1')).toBe(1093);
  });

  it('runs on member.deleted, and a redelivered event changes nothing', async () => {
    await subscribeToMemberDeleted(bus, leave, testLogger());
    await bus.publish(MemberDeletedEvent.toMessage('member-deleted--m-1', { memberId: 'm-1' }));
    await waitUntil(async () => (await stores.memberships.listByMember('m-1')).length === 0, 2_000, 'the member to leave');
    await bus.publish(MemberDeletedEvent.toMessage('member-deleted--m-1-again', { memberId: 'm-1' }));
    expect((await stores.memberships.listByMember('m-2')).length).toBe(2);
  });

  it('refuses an id that cannot name a member', async () => {
    await expect(leave.execute({ memberId: ' ' })).rejects.toMatchObject({ code: 'MEMBERSHIP.INVALID' });
  });
});
