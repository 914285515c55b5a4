import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { JOIN_FAILURE_WINDOW_MS, JoinAssociation, MAX_JOIN_FAILURES } from './join-association.js';

describe('JoinAssociation', () => {
  let stores: AssociationBillingStores;
  let now: Date;
  let join: JoinAssociation;

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    now = new Date('2026-06-01T12:00:00Z');
    join = new JoinAssociation({ associations: stores.associations, codes: stores.activationCodes, memberships: stores.memberships, joinFailures: stores.joinFailures, clock: { now: () => now } });
    await stores.associations.create(newAssociation({ companyId: 'c-1', details: { companyName: 'Bees' }, createdAt: now }));
    await stores.activationCodes.createIfAbsent({ code: 'ABCD2345', companyId: 'c-1', issuedAt: now });
  });

  async function failTimes(count: number) {
    for (let index = 0; index < count; index += 1) {
      await expect(join.execute({ memberId: 'member-1', activationCode: 'ZZZZ9999' })).rejects.toMatchObject({ code: 'ACTIVATION_CODE.NOT_FOUND' });
    }
  }

  it('joins with a code typed in lower case', async () => {
    const outcome = await join.execute({ memberId: 'member-1', activationCode: 'abcd2345' });
    expect(outcome).toMatchObject({ reactivated: false, membership: { companyId: 'c-1', memberId: 'member-1', status: 'active', isAdmin: false } });
  });

  it('refuses every join, even with a valid code, after too many wrong codes within the window', async () => {
    await failTimes(MAX_JOIN_FAILURES);
    await expect(join.execute({ memberId: 'member-1', activationCode: 'ABCD2345' })).rejects.toMatchObject({ code: 'MEMBERSHIP.TOO_MANY_ATTEMPTS' });
    expect(await stores.memberships.find('c-1', 'member-1')).toBeUndefined();
    await expect(join.execute({ memberId: 'member-2', activationCode: 'ABCD2345' })).resolves.toMatchObject({ reactivated: false });
  });

  it('lets the member try again once the window has passed', async () => {
    await failTimes(MAX_JOIN_FAILURES);
    now = new Date(now.getTime() + JOIN_FAILURE_WINDOW_MS + 1);
    await expect(join.execute({ memberId: 'member-1', activationCode: 'ABCD2345' })).resolves.toMatchObject({ reactivated: false });
  });

  it('does not count malformed codes, which never reach the code store', async () => {
    for (let index = 0; index < MAX_JOIN_FAILURES; index += 1) {
      await expect(join.execute({ memberId: 'member-1', activationCode: 'AB-1' })).rejects.toMatchObject({ code: 'ACTIVATION_CODE.INVALID' });
    }
    await failTimes(MAX_JOIN_FAILURES - 1);
    await expect(join.execute({ memberId: 'member-1', activationCode: 'ABCD2345' })).resolves.toMatchObject({ reactivated: false });
  });
});
