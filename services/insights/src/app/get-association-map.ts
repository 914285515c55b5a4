import { areaAround, associationMap, UNSERVED_RINGS, type AssociationMap } from '../domain/association-map.js';
import { coveredArea, type CoveredArea } from '../domain/member-coverage.js';
import { resolvePeriod } from '../domain/statistics.js';
import type { MemberReaches } from './member-reaches.js';
import type { AssociationMembers, Clock, PlaceNames, ReportStatisticsRepository, UnservedDemandRepository } from './ports.js';

/**
 * How long a computed map is answered again for the same association and period: it reads every report of the period
 * (10,000 in a busy season take tens of milliseconds), while a map a few seconds old plans a season as well as a fresh
 * one. Requests arriving while it is computed wait for that one computation.
 */
export const MAP_REUSE_MS = 5_000;

type Computed = { at: number; map: Promise<AssociationMap> };

/**
 * An association's reports and the unserved demand around them, by H3 cell, over a period, with the area its active
 * members cover now (their memberships from the association-billing service, each member's reach from the copy kept).
 */
export class GetAssociationMap {
  private readonly computed = new Map<string, Computed>();

  constructor(
    private readonly ports: {
      statistics: ReportStatisticsRepository;
      unserved: UnservedDemandRepository;
      associationMembers: AssociationMembers;
      reaches: MemberReaches;
      places: PlaceNames;
      clock: Clock;
      reuseMs?: number;
    },
  ) {}

  /** The period as for the statistics: without since, the 12 weeks up to until; without until, up to now. */
  async execute(request: { companyId: string; since?: Date | undefined; until?: Date | undefined }): Promise<AssociationMap> {
    const now = this.ports.clock.now();
    const period = resolvePeriod(request, now);
    // A period up to now is the same period a moment later: it is keyed by its start alone.
    const key = `${request.companyId}|${period.since.toISOString()}|${request.until ? period.until.toISOString() : 'now'}`;
    const reuseMs = this.ports.reuseMs ?? MAP_REUSE_MS;
    this.forgetOlderThan(now.getTime() - reuseMs);
    let entry = this.computed.get(key);
    if (!entry) {
      entry = { at: now.getTime(), map: this.compute(request.companyId, period) };
      this.computed.set(key, entry);
      // A failed computation is not kept for the next request.
      entry.map.catch(() => this.computed.delete(key));
    }
    return entry.map;
  }

  private async compute(companyId: string, period: { since: Date; until: Date }): Promise<AssociationMap> {
    const [cellsMap, coverage] = await Promise.all([this.cells(companyId, period), this.coverage(companyId)]);
    return { ...cellsMap, coverage };
  }

  private async cells(companyId: string, period: { since: Date; until: Date }): Promise<Omit<AssociationMap, 'coverage'>> {
    const histories = await this.ports.statistics.findAlertingAssociation(companyId, period.since, period.until);
    const cells = histories.flatMap((history) => (history.h3Cell ? [history.h3Cell] : []));
    const unserved = cells.length === 0 ? [] : await this.ports.unserved.findInCells(areaAround(new Set(cells), UNSERVED_RINGS), period.since, period.until);
    const map = associationMap(companyId, period, histories, unserved);
    return {
      ...map,
      cells: map.cells.map((cell) => {
        const nearPlace = this.ports.places.nearTo(cell.h3Cell);
        return nearPlace ? { ...cell, nearPlace } : cell;
      }),
    };
  }

  private async coverage(companyId: string): Promise<CoveredArea> {
    const memberIds = await this.ports.associationMembers.activeMemberIds(companyId);
    return coveredArea(await this.ports.reaches.of(memberIds));
  }

  private forgetOlderThan(oldest: number): void {
    for (const [key, entry] of this.computed) if (entry.at < oldest) this.computed.delete(key);
  }
}
