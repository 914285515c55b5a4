import { describe, expect, it } from 'vitest';
import { areaAround, associationMap, cellCount, MINIMUM_EXACT_COUNT, type UnservedDemand } from './association-map.js';
import type { ReportHistory } from './statistics.js';

const at = (iso: string) => new Date(iso);
const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
const june = { since: at('2026-06-01T00:00:00Z'), until: at('2026-07-01T00:00:00Z') };
/** Resolution-7 cells: Eugene, a neighbour of it, and Springfield three cells away. */
const EUGENE = '87281b59bffffff';
const EUGENE_NEIGHBOUR = '87281b59affffff';
const SPRINGFIELD = '8728f4968ffffff';

let reportCount = 0;
/** A report of the period that alerted c1, with overrides. */
function aHistory(overrides: Partial<ReportHistory> = {}): ReportHistory {
  reportCount += 1;
  return {
    reportId: `r${reportCount}`,
    submittedAt: at('2026-06-10T09:00:00Z'),
    h3Cell: EUGENE,
    alerts: [{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }],
    reporterTexts: 0,
    ...overrides,
  };
}

const submitted = at('2026-06-10T09:00:00Z');
const demand = (h3Cell: string, iso = '2026-06-12T10:00:00Z'): UnservedDemand => ({ h3Cell, refusedAt: at(iso), size: 'Basketball' });

describe('the association map', () => {
  /** Eugene: five reports of c1 (three claimed after 10, 30 and 50 minutes, one of them marked bad; one expired; one departed). */
  const eugene = [
    aHistory({ firstClaimedAt: minutesAfter(submitted, 10), outcome: 'Captured' }),
    aHistory({ firstClaimedAt: minutesAfter(submitted, 30) }),
    aHistory({ expiredAt: at('2026-06-13T09:00:00Z') }),
    aHistory({ firstClaimedAt: minutesAfter(submitted, 50), markedBadAt: minutesAfter(submitted, 70) }),
    aHistory({ departedAt: minutesAfter(submitted, 5) }),
  ];
  /** Springfield: two reports of c1, one claimed after 12 minutes. */
  const springfield = [aHistory({ h3Cell: SPRINGFIELD, firstClaimedAt: minutesAfter(submitted, 12) }), aHistory({ h3Cell: SPRINGFIELD })];

  it('counts each cell’s reports by what became of them, with the median and 90th percentile minutes to the first claim', () => {
    const map = associationMap('c1', june, [...eugene, ...springfield], []);
    expect(map.cells.find((cell) => cell.h3Cell === EUGENE)).toEqual({
      h3Cell: EUGENE,
      reports: { count: 5, fewerThanMinimum: false },
      outcomes: { claimed: 2, expired: 1, departed: 1, markedBad: 1, open: 0 },
      unserved: { count: 0, fewerThanMinimum: false },
      medianMinutesToFirstClaim: 30,
      p90MinutesToFirstClaim: 50,
      shareUnclaimed: 0.4,
    });
  });

  it('gives a cell with fewer than three reports no exact count and nothing a count could be read from', () => {
    const cell = associationMap('c1', june, [...eugene, ...springfield], []).cells.find((found) => found.h3Cell === SPRINGFIELD);
    expect(cell).toEqual({ h3Cell: SPRINGFIELD, reports: { count: 0, fewerThanMinimum: true }, unserved: { count: 0, fewerThanMinimum: false } });
  });

  it('counts the unserved demand by cell, a cell with only unserved demand included, under the same rule for small counts', () => {
    const unserved = [demand(EUGENE), demand(EUGENE_NEIGHBOUR), demand(EUGENE_NEIGHBOUR), demand(EUGENE_NEIGHBOUR), demand(SPRINGFIELD, '2026-07-01T00:00:00Z')];
    const map = associationMap('c1', june, eugene, unserved);
    expect(map.cells.map((cell) => [cell.h3Cell, cell.reports, cell.unserved])).toEqual([
      [EUGENE_NEIGHBOUR, { count: 0, fewerThanMinimum: false }, { count: 3, fewerThanMinimum: false }],
      [EUGENE, { count: 5, fewerThanMinimum: false }, { count: 0, fewerThanMinimum: true }],
    ]);
  });

  it('leaves out reports of other associations, outside the period or without a cell', () => {
    const others = [
      aHistory({ alerts: [{ companyId: 'c2', count: 1, costCents: 7, byChannel: { sms: 1, push: 0, email: 0 }, costBySmsCents: 7 }] }),
      aHistory({ submittedAt: at('2026-05-31T23:59:59Z') }),
      aHistory({ submittedAt: june.until }),
      aHistory({ h3Cell: undefined }),
    ];
    const map = associationMap('c1', june, [...eugene, ...others], []);
    expect(map.cells.map((cell) => [cell.h3Cell, cell.reports.count])).toEqual([[EUGENE, 5]]);
  });

  it('counts a report claimed, given back and then expired as expired, and one still waiting as open', () => {
    const histories = [
      aHistory({ firstClaimedAt: minutesAfter(submitted, 20), expiredAt: at('2026-06-13T09:00:00Z') }),
      aHistory(),
      aHistory(),
    ];
    const [cell] = associationMap('c1', june, histories, []).cells;
    expect(cell?.outcomes).toEqual({ claimed: 0, expired: 1, departed: 0, markedBad: 0, open: 2 });
    // Claimed once, it has a time to its first claim; never claimed by anyone, the other two are the unclaimed share.
    expect([cell?.medianMinutesToFirstClaim, cell?.shareUnclaimed]).toEqual([20, 2 / 3]);
  });

  it('answers exact counts from three up and zero, and only "fewer than" for one and two', () => {
    expect(MINIMUM_EXACT_COUNT).toBe(3);
    expect([0, 1, 2, 3, 10].map(cellCount)).toEqual([
      { count: 0, fewerThanMinimum: false },
      { count: 0, fewerThanMinimum: true },
      { count: 0, fewerThanMinimum: true },
      { count: 3, fewerThanMinimum: false },
      { count: 10, fewerThanMinimum: false },
    ]);
  });

  it('finds the area around cells: each cell and its rings, once', () => {
    expect(areaAround([EUGENE], 1)).toHaveLength(7);
    expect(areaAround([EUGENE, EUGENE], 1)).toHaveLength(7);
    expect(areaAround([EUGENE], 2)).toContain(EUGENE_NEIGHBOUR);
    expect(areaAround([EUGENE], 2)).not.toContain(SPRINGFIELD);
    expect(areaAround([EUGENE], 3)).toContain(SPRINGFIELD);
  });

  it('refuses a reversed period', () => {
    expect(() => associationMap('c1', { since: june.until, until: june.since }, [], [])).toThrow(expect.objectContaining({ code: 'INSIGHTS.INVALID_PERIOD' }));
  });
});
