import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import { mapOutcomeOf, type CellOutcomes } from './association-map.js';
import { minutesToFirstClaim, validatePeriod, type ReportHistory, type StatisticsPeriod } from './statistics.js';

/**
 * One report of an association's export: when, where as a coarse cell, how big and how high, how long to its first
 * claim, what became of it (as on the map, and the claimer's recorded outcome), and the association's alerts about
 * it by channel with their cost. Nothing a reporter wrote: no name, phone, street or town.
 */
export type AssociationReport = {
  reportId: string;
  submittedAt: Date;
  h3Cell: string;
  size: string;
  elevationFeet?: number;
  firstClaimedAt?: Date;
  minutesToFirstClaim?: number;
  outcome: keyof CellOutcomes;
  claimOutcome: ClaimOutcomeLabel | '';
  alertsSent: number;
  alertsByText: number;
  alertsByNotification: number;
  alertsByEmail: number;
  alertsCostCents: number;
};

/** The reports submitted in the period that alerted the association's members, oldest first. */
export function associationReports(companyId: string, period: StatisticsPeriod, histories: readonly ReportHistory[]): AssociationReport[] {
  validatePeriod(period);
  return histories
    .filter((history) => history.submittedAt >= period.since && history.submittedAt < period.until)
    .flatMap((history) => {
      const alerts = history.alerts.find((alert) => alert.companyId === companyId && alert.count > 0);
      if (!alerts) return [];
      const row: AssociationReport = {
        reportId: history.reportId,
        submittedAt: history.submittedAt,
        h3Cell: history.h3Cell ?? '',
        size: history.size ?? '',
        ...(history.elevationFeet !== undefined ? { elevationFeet: history.elevationFeet } : {}),
        ...(history.firstClaimedAt
          ? { firstClaimedAt: history.firstClaimedAt, minutesToFirstClaim: Math.round(minutesToFirstClaim({ ...history, firstClaimedAt: history.firstClaimedAt }) * 10) / 10 }
          : {}),
        outcome: mapOutcomeOf(history),
        claimOutcome: history.firstClaimedAt ? (history.outcome ?? '') : '',
        alertsSent: alerts.count,
        alertsByText: alerts.byChannel.sms,
        alertsByNotification: alerts.byChannel.push,
        alertsByEmail: alerts.byChannel.email,
        alertsCostCents: alerts.costCents,
      };
      return [row];
    })
    .sort((left, right) => left.submittedAt.getTime() - right.submittedAt.getTime() || left.reportId.localeCompare(right.reportId));
}
