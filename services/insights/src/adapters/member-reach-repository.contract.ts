import { beforeEach, describe, expect, it } from 'vitest';
import type { KeptReach, MemberReachRepository } from '../app/ports.js';
import type { MemberReach } from '../domain/member-coverage.js';

const SAN_DIEGO = '8629a41afffffff';
const LA_JOLLA = '8629a4007ffffff';

const aReach = (overrides: Partial<MemberReach> = {}): MemberReach => ({ memberId: 'm1', version: 1, home: { h3Cell: SAN_DIEGO, rangeInMiles: 5 }, ...overrides });
const byId = (kept: KeptReach[]) => [...kept].sort((a, b) => a.memberId.localeCompare(b.memberId));

/** What every MemberReachRepository adapter must do; `create` gives a fresh, empty repository. */
export function memberReachRepositoryContract(name: string, create: () => Promise<MemberReachRepository>): void {
  describe(`MemberReachRepository contract: ${name}`, () => {
    let reach: MemberReachRepository;
    beforeEach(async () => {
      reach = await create();
    });

    it('keeps a member with a home and one without, and finds many at once, leaving out members never seen', async () => {
      await reach.saveIfNewer(aReach());
      await reach.saveIfNewer({ memberId: 'm2', version: 4 });
      expect(byId(await reach.findMany(['m1', 'm2', 'unknown']))).toEqual([aReach(), { memberId: 'm2', version: 4 }]);
      expect(await reach.findMany([])).toEqual([]);
    });

    it('replaces a copy only with a newer version, so a late answer never undoes a newer change', async () => {
      await reach.saveIfNewer(aReach({ version: 3, home: { h3Cell: LA_JOLLA, rangeInMiles: 10 } }));
      await reach.saveIfNewer(aReach({ version: 2 }));
      await reach.saveIfNewer(aReach({ version: 3 }));
      expect(await reach.findMany(['m1'])).toEqual([aReach({ version: 3, home: { h3Cell: LA_JOLLA, rangeInMiles: 10 } })]);
      // The member cleared their address: the newer copy has no home.
      await reach.saveIfNewer({ memberId: 'm1', version: 4 });
      expect(await reach.findMany(['m1'])).toEqual([{ memberId: 'm1', version: 4 }]);
    });

    it('marks an erased member as such for good, even when an answer read before is saved after, and keeps the others', async () => {
      await reach.saveIfNewer(aReach({ memberId: 'm1', version: 3 }));
      await reach.saveIfNewer(aReach({ memberId: 'm2' }));
      await reach.erase('m1');
      await reach.erase('m1');
      await reach.saveIfNewer(aReach({ memberId: 'm1', version: 9 }));
      await reach.erase('m3');
      await reach.saveIfNewer(aReach({ memberId: 'm3' }));
      expect(byId(await reach.findMany(['m1', 'm2', 'm3']))).toEqual([{ memberId: 'm1', erased: true }, aReach({ memberId: 'm2' }), { memberId: 'm3', erased: true }]);
    });

    it('keeps the newest of concurrent saves', async () => {
      await Promise.all([5, 2, 7, 3, 6].map((version) => reach.saveIfNewer(aReach({ version, home: { h3Cell: SAN_DIEGO, rangeInMiles: version } }))));
      expect(await reach.findMany(['m1'])).toEqual([aReach({ version: 7, home: { h3Cell: SAN_DIEGO, rangeInMiles: 7 } })]);
    });

    it('hands out copies: changing what was saved or read changes nothing kept', async () => {
      const saved = aReach();
      await reach.saveIfNewer(saved);
      if (saved.home) saved.home.rangeInMiles = 25;
      const [read] = await reach.findMany(['m1']);
      if (read && 'home' in read && read.home) read.home.rangeInMiles = 20;
      expect(await reach.findMany(['m1'])).toEqual([aReach()]);
    });
  });
}
