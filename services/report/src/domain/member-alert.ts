import { ReportError } from './report-error.js';

/** That a member was alerted about a report, through which association, and how far the swarm is from home. */
export type MemberAlert = {
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  alertedAt: Date;
};

/** An alert as another service reports it, before it is checked; `alertedAt` may be missing. */
export type UncheckedMemberAlert = Omit<MemberAlert, 'alertedAt'> & { alertedAt?: Date | undefined };

/** Checks an alert told by another service: it names a report and an association, and a distance that is one. */
export function checkMemberAlert(alert: UncheckedMemberAlert, defaultAlertedAt: Date): MemberAlert {
  const problems: string[] = [];
  if (!alert.reportId) problems.push('reportId is required');
  if (!alert.memberId) problems.push('memberId is required');
  if (!alert.companyId) problems.push('companyId is required');
  if (!Number.isFinite(alert.distanceMiles) || alert.distanceMiles < 0) problems.push('distanceMiles must be a distance of 0 or more');
  if (alert.alertedAt && Number.isNaN(alert.alertedAt.getTime())) problems.push('alertedAt must be a time');
  if (problems.length > 0) throw new ReportError('REPORT.INVALID_ALERT', 'the alert record is invalid', problems);
  return { ...alert, alertedAt: alert.alertedAt ?? defaultAlertedAt };
}
