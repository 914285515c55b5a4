import { claimOutcomes } from '@swarm/proto/labels';
import type { GetAssociationStatisticsResponse } from '@swarm/proto/insights/v1/insights_service';
import { toStatisticsFigures, type StatisticsFigures } from '@swarm/proto/views/association-statistics';
import { claimedPercent, outcomeCount } from '@swarm/proto/views/statistics-figures';
import { formatCents } from './amount.js';


export type StatisticsReport = { companyId: string; since: string; until: string; weeks: StatisticsFigures[]; total: StatisticsFigures };

/** The period is the one the service answered: the total's. */
export function statisticsReport(companyId: string, answer: GetAssociationStatisticsResponse): StatisticsReport {
  const total = toStatisticsFigures(answer.total);
  if (total.periodStart === null || total.periodEnd === null) throw new Error('the insights service answered statistics without their period');
  return { companyId, since: total.periodStart, until: total.periodEnd, weeks: answer.weeks.map(toStatisticsFigures), total };
}

const NONE = '-';
const share = (figures: StatisticsFigures) => {
  const percent = claimedPercent(figures);
  return percent === null ? NONE : `${percent}%`;
};
const minutesText = (value: number | null) => (value === null ? NONE : String(value));

type Column = { header: string; value: (figures: StatisticsFigures) => string };

/** The table's figures, right-aligned after the week that names each row; one column per outcome. */
const COLUMNS: Column[] = [
  { header: 'Alerted', value: (figures) => String(figures.reportsAlerted) },
  { header: 'Claimed', value: (figures) => String(figures.reportsClaimed) },
  { header: 'Share', value: share },
  { header: 'Median min', value: (figures) => minutesText(figures.medianMinutesToFirstClaim) },
  { header: 'P90 min', value: (figures) => minutesText(figures.p90MinutesToFirstClaim) },
  { header: 'Expired', value: (figures) => String(figures.reportsExpired) },
  { header: 'Departed', value: (figures) => String(figures.reportsDeparted) },
  { header: 'Alerts', value: (figures) => String(figures.alertsSent) },
  { header: 'Cost', value: (figures) => formatCents(figures.alertsCostCents) },
  { header: 'By text', value: (figures) => String(figures.alertsByChannel.text) },
  { header: 'By notification', value: (figures) => String(figures.alertsByChannel.notification) },
  { header: 'By email', value: (figures) => String(figures.alertsByChannel.email) },
  { header: 'Cost as texts', value: (figures) => formatCents(figures.alertsCostByTextCents) },
  { header: 'Reporter texts', value: (figures) => String(figures.reporterTexts) },
  ...[...claimOutcomes.labels, null].map((outcome): Column => ({
    header: outcome ?? 'No outcome',
    value: (figures) => String(outcomeCount(figures, outcome)),
  })),
];

const day = (isoInstant: string | null) => (isoInstant ? isoInstant.slice(0, 10) : '');

/**
 * The statistics as aligned columns for a terminal: a title line, one row per week (named by its Monday) and the
 * total, then what the abbreviations mean.
 */
export function formatStatisticsTable(report: StatisticsReport): string[] {
  const lastDay = new Date(new Date(report.until).getTime() - 1).toISOString().slice(0, 10);
  const rows = [
    ['Week (UTC)', ...COLUMNS.map((column) => column.header)],
    ...report.weeks.map((week) => [day(week.periodStart), ...COLUMNS.map((column) => column.value(week))]),
    ['Total', ...COLUMNS.map((column) => column.value(report.total))],
  ];
  const widths = rows[0]!.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  const line = (row: string[]) => row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ').trimEnd();
  return [
    `Statistics of ${report.companyId} from ${day(report.since)} to ${lastDay} (weeks start Monday 00:00 UTC)`,
    '',
    ...rows.map(line),
    '',
    'Share: claimed of alerted. Median, P90: minutes from the report to its first claim. Expired: nobody claimed it',
    'in time. Departed: the reporter texted GONE while nobody held it. Cost: of the alerts sent to members. Then the',
    'claimed reports by outcome, one each; No outcome: none recorded yet.',
  ];
}
