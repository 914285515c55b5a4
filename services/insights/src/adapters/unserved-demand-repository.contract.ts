import { swarmSizes } from '@swarm/proto/labels';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UnservedDemandRepository } from '../app/ports.js';

const at = (iso: string) => new Date(iso);
const june = { since: at('2026-06-01T00:00:00Z'), until: at('2026-07-01T00:00:00Z') };
const EUGENE = '87281b59bffffff';
const SPRINGFIELD = '8728f4968ffffff';
const [SOFTBALL, BASKETBALL, VERY_LARGE] = swarmSizes.labels;

/** What every UnservedDemandRepository adapter must do; `create` gives a fresh, empty repository. */
export function unservedDemandRepositoryContract(name: string, create: () => Promise<UnservedDemandRepository>): void {
  describe(`UnservedDemandRepository contract: ${name}`, () => {
    let unserved: UnservedDemandRepository;
    beforeEach(async () => {
      unserved = await create();
    });

    it('answers the demand refused in the period in the cells asked for, oldest first', async () => {
      await unserved.record({ id: 'e2', h3Cell: EUGENE, refusedAt: at('2026-06-10T10:00:00Z'), size: BASKETBALL! });
      await unserved.record({ id: 'e1', h3Cell: EUGENE, refusedAt: at('2026-06-02T10:00:00Z'), size: SOFTBALL! });
      await unserved.record({ id: 'e3', h3Cell: SPRINGFIELD, refusedAt: at('2026-06-03T10:00:00Z'), size: VERY_LARGE! });
      expect(await unserved.findInCells([EUGENE], june.since, june.until)).toEqual([
        { h3Cell: EUGENE, refusedAt: at('2026-06-02T10:00:00Z'), size: SOFTBALL! },
        { h3Cell: EUGENE, refusedAt: at('2026-06-10T10:00:00Z'), size: BASKETBALL! },
      ]);
      expect(await unserved.findInCells([EUGENE, SPRINGFIELD], june.since, june.until)).toHaveLength(3);
      expect(await unserved.findInCells([], june.since, june.until)).toEqual([]);
    });

    it('counts a redelivered event once', async () => {
      await unserved.record({ id: 'e1', h3Cell: EUGENE, refusedAt: at('2026-06-02T10:00:00Z'), size: SOFTBALL! });
      await unserved.record({ id: 'e1', h3Cell: EUGENE, refusedAt: at('2026-06-02T10:00:00Z'), size: SOFTBALL! });
      expect(await unserved.findInCells([EUGENE], june.since, june.until)).toHaveLength(1);
    });

    it('leaves out demand before since and from until on', async () => {
      await unserved.record({ id: 'before', h3Cell: EUGENE, refusedAt: at('2026-05-31T23:59:59Z'), size: SOFTBALL! });
      await unserved.record({ id: 'first', h3Cell: EUGENE, refusedAt: june.since, size: SOFTBALL! });
      await unserved.record({ id: 'at-end', h3Cell: EUGENE, refusedAt: june.until, size: SOFTBALL! });
      expect((await unserved.findInCells([EUGENE], june.since, june.until)).map((demand) => demand.refusedAt)).toEqual([june.since]);
    });
  });
}
