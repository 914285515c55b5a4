import { describe, expect, it } from 'vitest';
import { MemoryReportStatisticsRepository } from '../adapters/memory/memory-report-statistics-repository.js';
import { MemoryMemberReachRepository } from '../adapters/memory/memory-member-reach-repository.js';
import { MemoryUnservedDemandRepository } from '../adapters/memory/memory-unserved-demand-repository.js';
import { cellsCoveredFrom, coarseHomeCell, type MemberReach } from '../domain/member-coverage.js';
import { GetAssociationMap, MAP_REUSE_MS } from './get-association-map.js';
import { MemberReaches } from './member-reaches.js';
import type { AssociationMembers, MemberDirectory } from './ports.js';

const CELL = '872830828ffffff';
const SAN_DIEGO = coarseHomeCell({ latitude: 32.7157, longitude: -117.1611 }) ?? '';
const PORTLAND = coarseHomeCell({ latitude: 45.5152, longitude: -122.6784 }) ?? '';

/** The member service as insights reads it: a reach per member, and how often each was asked. */
class FakeMemberDirectory implements MemberDirectory {
  readonly members = new Map<string, MemberReach>();
  readonly asked: string[] = [];
  async reachOf(memberId: string): Promise<MemberReach | undefined> {
    this.asked.push(memberId);
    return this.members.get(memberId);
  }
}

/** The association-billing service: each association's active members. */
class FakeAssociationMembers implements AssociationMembers {
  readonly active = new Map<string, string[]>();
  async activeMemberIds(companyId: string): Promise<string[]> {
    return this.active.get(companyId) ?? [];
  }
}

const peers = () => {
  const reach = new MemoryMemberReachRepository();
  const members = new FakeMemberDirectory();
  // Names the test's one cell, so a named cell and the others (unnamed) are both seen.
  const places = { nearTo: (h3Cell: string) => (h3Cell === CELL ? 'Eugene, OR' : undefined) };
  return { reach, members, associationMembers: new FakeAssociationMembers(), reaches: new MemberReaches({ reach, members }), places };
};

class CountingStatistics extends MemoryReportStatisticsRepository {
  reads = 0;
  override async findAlertingAssociation(companyId: string, since: Date, until: Date) {
    this.reads += 1;
    return super.findAlertingAssociation(companyId, since, until);
  }
}

async function mapOfOneReport() {
  let now = new Date('2026-06-03T10:30:00Z').getTime();
  const statistics = new CountingStatistics();
  const submitReport = async (reportId: string) => {
    await statistics.reportSubmitted({ reportId, submittedAt: new Date(now - 60_000), h3Cell: CELL });
    await statistics.alertSent({ reportId, companyId: 'c1', memberId: 'm1', sendKey: `alert--${reportId}--m1--submitted`, costCents: 7 });
  };
  await submitReport('r1');
  const others = peers();
  const useCase = new GetAssociationMap({ statistics, unserved: new MemoryUnservedDemandRepository(), ...others, clock: { now: () => new Date(now) } });
  return { useCase, statistics, submitReport, advance: (ms: number) => (now += ms), ...others };
}

describe('GetAssociationMap', () => {
  it('answers a map computed in the last few seconds again, for the same association and period', async () => {
    const { useCase, statistics, submitReport, advance } = await mapOfOneReport();
    const reportsIn = async () => (await useCase.execute({ companyId: 'c1' })).cells.find((cell) => cell.h3Cell === CELL)?.reports;

    expect(await reportsIn()).toEqual({ count: 0, fewerThanMinimum: true });
    await submitReport('r2');
    await submitReport('r3');
    advance(MAP_REUSE_MS - 1);
    expect(await reportsIn()).toEqual({ count: 0, fewerThanMinimum: true });
    expect(statistics.reads).toBe(1);

    advance(2);
    expect(await reportsIn()).toEqual({ count: 3, fewerThanMinimum: false });
    expect(statistics.reads).toBe(2);
  });

  it('names each cell by the known town nearest it, and leaves a cell no town is near unnamed', async () => {
    const { useCase, statistics } = await mapOfOneReport();
    const FAR_CELL = '8729a1d75ffffff';
    await statistics.reportSubmitted({ reportId: 'far', submittedAt: new Date('2026-06-03T10:00:00Z'), h3Cell: FAR_CELL });
    await statistics.alertSent({ reportId: 'far', companyId: 'c1', memberId: 'm1', sendKey: 'alert--far--m1--submitted', costCents: 7 });
    const { cells } = await useCase.execute({ companyId: 'c1' });
    expect(cells.map((cell) => [cell.h3Cell, cell.nearPlace])).toEqual(
      [
        [CELL, 'Eugene, OR'],
        [FAR_CELL, undefined],
      ].sort(),
    );
  });

  it('computes once for requests that arrive together, and apart for another association or period', async () => {
    const { useCase, statistics } = await mapOfOneReport();
    await Promise.all(Array.from({ length: 20 }, () => useCase.execute({ companyId: 'c1' })));
    expect(statistics.reads).toBe(1);

    await useCase.execute({ companyId: 'c2' });
    await useCase.execute({ companyId: 'c1', since: new Date('2026-05-01T00:00:00Z') });
    expect(statistics.reads).toBe(3);
  });

  describe('the area the members cover', () => {
    it('is the union of the active members with a home, counting those without one apart; erased members are left out', async () => {
      const { useCase, reach, members, associationMembers } = await mapOfOneReport();
      associationMembers.active.set('c1', ['m1', 'm2', 'm3', 'gone']);
      await reach.saveIfNewer({ memberId: 'm1', version: 2, home: { h3Cell: SAN_DIEGO, rangeInMiles: 5 } });
      await reach.saveIfNewer({ memberId: 'm2', version: 1 });
      await reach.saveIfNewer({ memberId: 'm3', version: 7, home: { h3Cell: PORTLAND, rangeInMiles: 10 } });
      await reach.erase('gone');
      // Another association's member, and a member who is not active (billing answers active members only).
      associationMembers.active.set('c2', ['m4']);
      members.members.set('m4', { memberId: 'm4', version: 1, home: { h3Cell: PORTLAND, rangeInMiles: 25 } });

      const { coverage } = await useCase.execute({ companyId: 'c1' });
      expect(coverage.h3Cells).toEqual([...new Set([...cellsCoveredFrom(SAN_DIEGO, 5), ...cellsCoveredFrom(PORTLAND, 10)])].sort());
      expect(coverage).toMatchObject({ membersWithHome: 2, membersWithoutHome: 1 });
      expect(coverage.areaKm2).toBeGreaterThan(0);
      expect(members.asked).toEqual([]);
    });

    it('asks the member service for members not in the copy yet, once, and keeps what it answered', async () => {
      const { useCase, reach, members, associationMembers, advance } = await mapOfOneReport();
      associationMembers.active.set('c1', ['m1', 'unknown']);
      members.members.set('m1', { memberId: 'm1', version: 3, home: { h3Cell: SAN_DIEGO, rangeInMiles: 5 } });

      expect((await useCase.execute({ companyId: 'c1' })).coverage).toMatchObject({ h3Cells: cellsCoveredFrom(SAN_DIEGO, 5).sort(), membersWithHome: 1, membersWithoutHome: 0 });
      expect(await reach.findMany(['m1', 'unknown'])).toEqual(
        expect.arrayContaining([{ memberId: 'm1', version: 3, home: { h3Cell: SAN_DIEGO, rangeInMiles: 5 } }, { memberId: 'unknown', erased: true }]),
      );
      advance(MAP_REUSE_MS + 1);
      await useCase.execute({ companyId: 'c1' });
      expect(members.asked.sort()).toEqual(['m1', 'unknown']);
    });

    it('is reused with the cells for a few seconds, then follows a change of the members', async () => {
      const { useCase, reach, associationMembers, advance } = await mapOfOneReport();
      associationMembers.active.set('c1', ['m1']);
      await reach.saveIfNewer({ memberId: 'm1', version: 1, home: { h3Cell: SAN_DIEGO, rangeInMiles: 5 } });
      const before = (await useCase.execute({ companyId: 'c1' })).coverage;
      await reach.saveIfNewer({ memberId: 'm1', version: 2, home: { h3Cell: SAN_DIEGO, rangeInMiles: 25 } });
      advance(MAP_REUSE_MS - 1);
      expect((await useCase.execute({ companyId: 'c1' })).coverage).toEqual(before);
      advance(2);
      expect((await useCase.execute({ companyId: 'c1' })).coverage.h3Cells).toEqual(cellsCoveredFrom(SAN_DIEGO, 25).sort());
    });

    it('is empty for an association without members', async () => {
      const { useCase } = await mapOfOneReport();
      expect((await useCase.execute({ companyId: 'c1' })).coverage).toEqual({ h3Cells: [], areaKm2: 0, membersWithHome: 0, membersWithoutHome: 0 });
    });
  });
});
