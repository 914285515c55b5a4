import { associationStatistics, resolvePeriod, type AssociationStatistics } from '../domain/statistics.js';
import type { Clock, ReportStatisticsRepository } from './ports.js';

/** An association's figures over a period, week by week and in total, for its statistics page. */
export class GetAssociationStatistics {
  constructor(private readonly ports: { statistics: ReportStatisticsRepository; clock: Clock }) {}

  /** Without since, the 12 weeks up to until; without until, up to now. */
  async execute(request: { companyId: string; since?: Date | undefined; until?: Date | undefined }): Promise<AssociationStatistics> {
    // Checked before the read, so a period of any length never reaches the store.
    const period = resolvePeriod(request, this.ports.clock.now());
    const histories = await this.ports.statistics.findAlertingAssociation(request.companyId, period.since, period.until);
    return associationStatistics(request.companyId, period, histories);
  }
}
