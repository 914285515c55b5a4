import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { AssociationStatistics, GetAssociationStatisticsResponse, OutcomeCounts } from '@swarm/proto/notification/v1/notification_service';
import { ClaimOutcome } from '@swarm/proto/report/v1/report';
import { formatCents } from './amount.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without --since: the current week and the 11 before it. */
export const DEFAULT_STATISTICS_WEEKS = 12;
/** The notification service answers at most two years at once. */
export const MAX_STATISTICS_YEARS = 2;

/** 00:00 UTC of a YYYY-MM-DD day, or undefined for text that is no real calendar day (2026-02-30). */
export function parseUtcDay(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : undefined;
}

/** Monday 00:00 UTC of the week `weeks - 1` weeks before the one holding `now`: whole weeks as the service counts them. */
export function defaultStatisticsSince(now: Date, weeks = DEFAULT_STATISTICS_WEEKS): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const daysSinceMonday = (new Date(today).getUTCDay() + 6) % 7;
  return new Date(today - (daysSinceMonday + 7 * (weeks - 1)) * DAY_MS);
}

/** A period's figures as --json prints them, as the member area's API answers them: ISO instants, whole cents, minutes or null. */
export type StatisticsFigures = {
  periodStart: string | null;
  periodEnd: string | null;
  reportsAlerted: number;
  reportsClaimed: number;
  medianMinutesToFirstClaim: number | null;
  p90MinutesToFirstClaim: number | null;
  /** Claimed reports by what became of them: each outcome's label, then null for those without one recorded. */
  outcomes: { outcome: ClaimOutcomeLabel | null; count: number }[];
  reportsExpired: number;
  reportsDeparted: number;
  alertsSent: number;
  alertsCostCents: number;
  reporterTexts: number;
};

const iso = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp).toISOString() : null);
const minutes = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);

/** The outcome counts named by the claim-outcome vocabulary, in its order. */
function outcomeCounts(outcomes: OutcomeCounts | undefined): StatisticsFigures['outcomes'] {
  const counts: [ClaimOutcome, number][] = [
    [ClaimOutcome.CAPTURED, outcomes?.captured ?? 0],
    [ClaimOutcome.GONE_BEFORE_ARRIVAL, outcomes?.goneBeforeArrival ?? 0],
    [ClaimOutcome.NOT_HONEY_BEES, outcomes?.notHoneyBees ?? 0],
    [ClaimOutcome.COULD_NOT_REACH, outcomes?.couldNotReach ?? 0],
    [ClaimOutcome.OTHER, outcomes?.other ?? 0],
  ];
  return [...counts.map(([outcome, count]) => ({ outcome: claimOutcomes.label(outcome) ?? null, count })), { outcome: null, count: outcomes?.unrecorded ?? 0 }];
}

export function toStatisticsFigures(statistics: AssociationStatistics | undefined): StatisticsFigures {
  return {
    periodStart: iso(statistics?.periodStart),
    periodEnd: iso(statistics?.periodEnd),
    reportsAlerted: statistics?.reportsAlerted ?? 0,
    reportsClaimed: statistics?.reportsClaimed ?? 0,
    medianMinutesToFirstClaim: minutes(statistics?.medianMinutesToFirstClaim),
    p90MinutesToFirstClaim: minutes(statistics?.p90MinutesToFirstClaim),
    outcomes: outcomeCounts(statistics?.outcomes),
    reportsExpired: statistics?.reportsExpired ?? 0,
    reportsDeparted: statistics?.reportsDeparted ?? 0,
    alertsSent: statistics?.alertsSent ?? 0,
    alertsCostCents: statistics?.alertsCostCents ?? 0,
    reporterTexts: statistics?.reporterTexts ?? 0,
  };
}

export type StatisticsReport = { companyId: string; since: string; until: string; weeks: StatisticsFigures[]; total: StatisticsFigures };

export function statisticsReport(companyId: string, since: Date, until: Date, answer: GetAssociationStatisticsResponse): StatisticsReport {
  return { companyId, since: since.toISOString(), until: until.toISOString(), weeks: answer.weeks.map(toStatisticsFigures), total: toStatisticsFigures(answer.total) };
}

const NONE = '-';
const share = (figures: StatisticsFigures) =>
  figures.reportsAlerted === 0 ? NONE : `${Math.round((figures.reportsClaimed / figures.reportsAlerted) * 100)}%`;
const minutesText = (value: number | null) => (value === null ? NONE : String(value));

type Column = { header: string; value: (figures: StatisticsFigures) => string };

const outcomeCount = (figures: StatisticsFigures, outcome: string | null) => figures.outcomes.find((entry) => entry.outcome === outcome)?.count ?? 0;

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
    'in time. Departed: the reporter texted GONE. Cost: of the alerts sent to members. Then the claimed reports by',
    'outcome; No outcome: none recorded yet.',
  ];
}
