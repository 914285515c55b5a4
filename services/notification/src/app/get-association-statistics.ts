import { associationStatistics, validatePeriod, type AssociationStatistics } from '../domain/statistics.js';
import type { ReportStatisticsRepository } from './ports/statistics.js';

/** An association's figures over a period, week by week and in total, for its statistics page. */
export class GetAssociationStatistics {
  constructor(private readonly ports: { statistics: ReportStatisticsRepository }) {}

  async execute(request: { companyId: string; since: Date; until: Date }): Promise<AssociationStatistics> {
    const period = { since: request.since, until: request.until };
    // Checked before the read, so a period of any length never reaches the store.
    validatePeriod(period);
    const histories = await this.ports.statistics.findAlertingAssociation(request.companyId, period.since, period.until);
    return associationStatistics(request.companyId, period, histories);
  }
}
