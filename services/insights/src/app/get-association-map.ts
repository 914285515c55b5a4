import { areaAround, associationMap, UNSERVED_RINGS, type AssociationMap } from '../domain/association-map.js';
import { resolvePeriod } from '../domain/statistics.js';
import type { Clock, ReportStatisticsRepository, UnservedDemandRepository } from './ports.js';

/** An association's reports and the unserved demand around them, by H3 cell, over a period. */
export class GetAssociationMap {
  constructor(private readonly ports: { statistics: ReportStatisticsRepository; unserved: UnservedDemandRepository; clock: Clock }) {}

  /** The period as for the statistics: without since, the 12 weeks up to until; without until, up to now. */
  async execute(request: { companyId: string; since?: Date | undefined; until?: Date | undefined }): Promise<AssociationMap> {
    const period = resolvePeriod(request, this.ports.clock.now());
    const histories = await this.ports.statistics.findAlertingAssociation(request.companyId, period.since, period.until);
    const cells = histories.flatMap((history) => (history.h3Cell ? [history.h3Cell] : []));
    const unserved = cells.length === 0 ? [] : await this.ports.unserved.findInCells(areaAround(new Set(cells), UNSERVED_RINGS), period.since, period.until);
    return associationMap(request.companyId, period, histories, unserved);
  }
}
