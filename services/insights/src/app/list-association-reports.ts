import { associationReports, type AssociationReport } from '../domain/association-reports.js';
import { resolvePeriod, type StatisticsPeriod } from '../domain/statistics.js';
import type { Clock, ReportStatisticsRepository } from './ports.js';

/** An association's reports over a period, one row each, for its export. */
export class ListAssociationReports {
  constructor(private readonly ports: { statistics: ReportStatisticsRepository; clock: Clock }) {}

  /** The period as for the statistics: without since, the 12 weeks up to until; without until, up to now. */
  async execute(request: { companyId: string; since?: Date | undefined; until?: Date | undefined }): Promise<{ period: StatisticsPeriod; reports: AssociationReport[] }> {
    const period = resolvePeriod(request, this.ports.clock.now());
    const histories = await this.ports.statistics.findAlertingAssociation(request.companyId, period.since, period.until);
    return { period, reports: associationReports(request.companyId, period, histories) };
  }
}
