import { beforeEach, describe, expect, it } from 'vitest';
import type { MembershipRepository } from '../app/ports.js';
import { newMembership, type Membership } from '../domain/membership.js';

const joinedAt = new Date('2026-05-01T10:00:00.000Z');
const later = new Date('2026-05-02T10:00:00.000Z');

function aMembership(overrides: Partial<Membership> = {}): Membership {
  return { ...newMembership({ companyId: 'company-1', memberId: 'member-1', joinedAt }), ...overrides };
}

/** What every MembershipRepository adapter must do; `create` gives a fresh, empty repository. */
export function membershipRepositoryContract(name: string, create: () => Promise<MembershipRepository>): void {
  describe(`MembershipRepository contract: ${name}`, () => {
    let memberships: MembershipRepository;
    beforeEach(async () => {
      memberships = await create();
    });

    it('stores a membership and finds it by association and member', async () => {
      expect(await memberships.createIfAbsent(aMembership())).toBe(true);
      expect(await memberships.find('company-1', 'member-1')).toEqual(aMembership());
      expect(await memberships.find('company-1', 'member-2')).toBeUndefined();
    });

    it('stores one membership per association and member, keeping the first', async () => {
      await memberships.createIfAbsent(aMembership());
      expect(await memberships.createIfAbsent(aMembership({ isAdmin: true, dateJoined: later }))).toBe(false);
      expect(await memberships.find('company-1', 'member-1')).toEqual(aMembership());
    });

    it('stores exactly one of many concurrent joins of the same pair', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => memberships.createIfAbsent(aMembership())));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await memberships.listByMember('member-1')).toHaveLength(1);
    });

    it('deactivates, then reactivates only an inactive membership', async () => {
      await memberships.createIfAbsent(aMembership());
      expect(await memberships.reactivate('company-1', 'member-1', later)).toBeUndefined();
      expect(await memberships.deactivate('company-1', 'member-1', later)).toEqual(aMembership({ status: 'inactive', dateStatusChanged: later }));
      const reactivatedAt = new Date('2026-05-03T10:00:00.000Z');
      expect(await memberships.reactivate('company-1', 'member-1', reactivatedAt)).toEqual(aMembership({ dateStatusChanged: reactivatedAt }));
    });

    it('reactivates an inactive membership once when asked concurrently', async () => {
      await memberships.createIfAbsent(aMembership({ status: 'inactive' }));
      const results = await Promise.all(Array.from({ length: 5 }, () => memberships.reactivate('company-1', 'member-1', later)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('answers undefined when deactivating, reactivating or promoting a membership that does not exist', async () => {
      expect(await memberships.deactivate('company-1', 'nobody', later)).toBeUndefined();
      expect(await memberships.reactivate('company-1', 'nobody', later)).toBeUndefined();
      expect(await memberships.makeAdmin('company-1', 'nobody')).toBeUndefined();
      expect(await memberships.revokeAdmin('company-1', 'nobody')).toBeUndefined();
    });

    it('makes a member an admin', async () => {
      await memberships.createIfAbsent(aMembership());
      expect(await memberships.makeAdmin('company-1', 'member-1')).toEqual(aMembership({ isAdmin: true }));
      expect((await memberships.find('company-1', 'member-1'))?.isAdmin).toBe(true);
    });

    it("takes an admin's right away, saying whether they had it", async () => {
      await memberships.createIfAbsent(aMembership({ isAdmin: true }));
      expect(await memberships.revokeAdmin('company-1', 'member-1')).toEqual({ membership: aMembership(), wasAdmin: true });
      expect((await memberships.find('company-1', 'member-1'))?.isAdmin).toBe(false);
      expect(await memberships.revokeAdmin('company-1', 'member-1')).toEqual({ membership: aMembership(), wasAdmin: false });
    });

    it('takes an admin right away once when asked concurrently', async () => {
      await memberships.createIfAbsent(aMembership({ isAdmin: true }));
      const results = await Promise.all(Array.from({ length: 5 }, () => memberships.revokeAdmin('company-1', 'member-1')));
      expect(results.filter((result) => result?.wasAdmin)).toHaveLength(1);
    });

    it('removes a membership once', async () => {
      await memberships.createIfAbsent(aMembership());
      expect(await memberships.remove('company-1', 'member-1')).toBe(true);
      expect(await memberships.remove('company-1', 'member-1')).toBe(false);
      expect(await memberships.find('company-1', 'member-1')).toBeUndefined();
      expect(await memberships.listByMember('member-1')).toEqual([]);
      expect(await memberships.listByAssociation('company-1')).toEqual([]);
      expect(await memberships.listActiveByMembers(['member-1'])).toEqual([]);
      expect(await memberships.createIfAbsent(aMembership())).toBe(true);
      expect((await memberships.listByMember('member-1')).map((m) => m.companyId)).toEqual(['company-1']);
    });

    it('lists by member and by association, oldest first', async () => {
      await memberships.createIfAbsent(aMembership({ companyId: 'company-2', dateJoined: later }));
      await memberships.createIfAbsent(aMembership());
      await memberships.createIfAbsent(aMembership({ memberId: 'member-2', dateJoined: later }));
      expect((await memberships.listByMember('member-1')).map((m) => m.companyId)).toEqual(['company-1', 'company-2']);
      expect((await memberships.listByAssociation('company-1')).map((m) => m.memberId)).toEqual(['member-1', 'member-2']);
    });

    it('lists only the active memberships of the given members', async () => {
      await memberships.createIfAbsent(aMembership());
      await memberships.createIfAbsent(aMembership({ companyId: 'company-2', status: 'inactive' }));
      await memberships.createIfAbsent(aMembership({ memberId: 'member-2' }));
      await memberships.createIfAbsent(aMembership({ memberId: 'member-3' }));
      const active = await memberships.listActiveByMembers(['member-1', 'member-2', 'member-1']);
      expect(active.map((m) => [m.companyId, m.memberId]).sort()).toEqual([
        ['company-1', 'member-1'],
        ['company-1', 'member-2'],
      ]);
      expect(await memberships.listActiveByMembers([])).toEqual([]);
    });
  });
}
