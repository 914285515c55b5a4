import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { InsightsError } from './insights-error.js';
import { ALERT_CHANNELS, type AlertChannel } from './alert-channels.js';

/** What the statistics know of one report (see ReportStatisticsRepository). */
export type ReportHistory = {
  reportId: string;
  submittedAt: Date;
  /** The H3 cell (resolution 7) of the place; absent for a report submitted before cells were kept. */
  h3Cell?: string;
  /** The swarm size's label ('Softball') and how high it was, in feet; absent for reports submitted before they were kept. */
  size?: string;
  elevationFeet?: number;
  firstClaimedAt?: Date;
  expiredAt?: Date;
  departedAt?: Date;
  markedBadAt?: Date;
  /** The claimer's latest answer. */
  outcome?: ClaimOutcomeLabel;
  /**
   * Alerts sent about the report, by association: how many, what they cost, how many went by each channel (an alert
   * on two channels counts once in `count` and once in each channel), and what they would have cost as text messages.
   */
  alerts: { companyId: string; count: number; costCents: number; byChannel: Record<AlertChannel, number>; costBySmsCents: number }[];
  reporterTexts: number;
};

/** One alert as the statistics keep it: sent before channels existed, it went by text message at its cost. */
export type AlertSend = { companyId: string; memberId?: string; costCents: number; channels?: AlertChannel[]; smsPriceCents?: number };

/** A report's alerts (one per send) as ReportHistory keeps them: how many and what they cost, by association. */
export function alertTotalsByCompany(sends: Iterable<AlertSend>): ReportHistory['alerts'] {
  const byCompany = new Map<string, ReportHistory['alerts'][number]>();
  const charged = new Set<string>();
  for (const { companyId, memberId, costCents, channels, smsPriceCents } of sends) {
    const totals = byCompany.get(companyId) ?? { companyId, count: 0, costCents: 0, byChannel: { sms: 0, push: 0, email: 0 }, costBySmsCents: 0 };
    totals.count += 1;
    for (const channel of channels ?? ['sms']) totals.byChannel[channel] += 1;
    // Billing charges a member's alerts about one report once, however often the report is re-alerted.
    const charge = memberId === undefined ? undefined : `${companyId}/${memberId}`;
    if (charge === undefined || !charged.has(charge)) {
      totals.costCents += costCents;
      totals.costBySmsCents += smsPriceCents ?? costCents;
    }
    if (charge !== undefined) charged.add(charge);
    byCompany.set(companyId, totals);
  }
  return [...byCompany.values()];
}

/** Statistics cover [since, until). */
export type StatisticsPeriod = { since: Date; until: Date };

export type OutcomeCounts = {
  captured: number;
  goneBeforeArrival: number;
  notHoneyBees: number;
  couldNotReach: number;
  other: number;
  /** Claimed reports whose claimer recorded no outcome. */
  unrecorded: number;
};

/** The figures of one association over [periodStart, periodEnd): a week, or the whole period. */
export type AssociationFigures = {
  periodStart: Date;
  periodEnd: Date;
  /** Reports submitted in the period that alerted at least one of the association's members. */
  reportsAlerted: number;
  /** Of those, claimed at least once (by anyone); the share claimed is reportsClaimed / reportsAlerted. */
  reportsClaimed: number;
  /** Minutes from submission to the first claim, nearest rank (see percentileByNearestRank); undefined when none was claimed. */
  medianMinutesToFirstClaim?: number;
  p90MinutesToFirstClaim?: number;
  /**
   * How the claimed reports ended, one count per report: the outcome its claimer recorded, else expired or departed
   * when it was given back and then did (counted there), else unrecorded.
   */
  outcomes: OutcomeCounts;
  /** Reports that expired, or departed (the reporter texted GONE), while nobody held them and with no outcome recorded. */
  reportsExpired: number;
  reportsDeparted: number;
  /** Alerts to this association's members only, and what they cost it. */
  alertsSent: number;
  alertsCostCents: number;
  /** Of the alerts, how many went by each channel (an alert on two channels counts in both). */
  alertsByText: number;
  alertsByNotification: number;
  alertsByEmail: number;
  /** What the same alerts would have cost as text messages. */
  alertsCostByTextCents: number;
  reporterTexts: number;
};

/** One bar per week, every week of the period listed (with zeros when nothing happened), and the whole period. */
export type AssociationStatistics = { weeks: AssociationFigures[]; total: AssociationFigures };

export const DAY_MS = 24 * 60 * 60 * 1000;
export const WEEK_MS = 7 * DAY_MS;
/** Two years, a leap day included: enough for any comparison a treasurer makes, and a bounded read. */
export const MAX_PERIOD_DAYS = 731;
/** Without a start, a period is the week of its end and the 11 before it. */
export const DEFAULT_PERIOD_WEEKS = 12;

/**
 * The period a request asks for, its absent bounds filled in: the end is now, the start the Monday that makes whole
 * weeks of DEFAULT_PERIOD_WEEKS. Throws INSIGHTS.INVALID_PERIOD unless it is a period this service answers.
 */
export function resolvePeriod(request: { since?: Date | undefined; until?: Date | undefined }, now: Date): StatisticsPeriod {
  const until = request.until ?? now;
  const since = request.since ?? new Date(weekStartOf(new Date(until.getTime() - 1)).getTime() - (DEFAULT_PERIOD_WEEKS - 1) * WEEK_MS);
  const period = { since, until };
  validatePeriod(period);
  return period;
}

/** Throws INSIGHTS.INVALID_PERIOD unless since < until and the period spans at most MAX_PERIOD_DAYS. */
export function validatePeriod(period: StatisticsPeriod): void {
  const since = period.since.getTime();
  const until = period.until.getTime();
  if (Number.isNaN(since) || Number.isNaN(until)) throw new InsightsError('INSIGHTS.INVALID_PERIOD', 'the period needs a valid start and end');
  if (since >= until) throw new InsightsError('INSIGHTS.INVALID_PERIOD', statisticsPeriodMessages.sinceAfterUntil);
  if (until - since > MAX_PERIOD_DAYS * DAY_MS) throw new InsightsError('INSIGHTS.INVALID_PERIOD', statisticsPeriodMessages.periodTooLong);
}

/** The Monday 00:00 UTC that starts the week of an instant (UTC has no daylight saving, so every week is 7 × 24 h). */
export function weekStartOf(instant: Date): Date {
  const midnight = Math.floor(instant.getTime() / DAY_MS) * DAY_MS;
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

/** The weeks of a period, in order, the first and last clipped to it. */
export function weeksOf(period: StatisticsPeriod): StatisticsPeriod[] {
  const weeks: StatisticsPeriod[] = [];
  const until = period.until.getTime();
  for (let start = weekStartOf(period.since).getTime(); start < until; start += WEEK_MS) {
    weeks.push({ since: new Date(Math.max(start, period.since.getTime())), until: new Date(Math.min(start + WEEK_MS, until)) });
  }
  return weeks;
}

/**
 * The nearest-rank percentile: the smallest value such that at least `percent`% of the values are at or below it,
 * i.e. the ⌈percent × n / 100⌉-th smallest value (1-based). It is always one of the values (a real waiting time),
 * and the median (percent 50) is the lower middle value when n is even. Undefined for no values.
 */
export function percentileByNearestRank(values: readonly number[], percent: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((left, right) => left - right);
  // percent × n is computed before dividing so that whole percents give an exact rank (0.07 × 100 is 7.000000000000001).
  const rank = Math.max(1, Math.ceil((percent * sorted.length) / 100));
  return sorted[Math.min(rank, sorted.length) - 1];
}

type OutcomeKey = Exclude<keyof OutcomeCounts, 'unrecorded'>;

/** Keyed by the outcome's enum value, so adding an outcome to the .proto file without a count here is a type error. */
const outcomeKeys: Record<ReturnType<typeof claimOutcomes.valueOf>, OutcomeKey | undefined> = {
  0: undefined,
  1: 'captured',
  2: 'goneBeforeArrival',
  3: 'notHoneyBees',
  4: 'couldNotReach',
  5: 'other',
};

const MINUTE_MS = 60 * 1000;

/** Minutes from submission to the first claim; a claim stamped before the submission (two services' clocks) counts as 0. */
export function minutesToFirstClaim(history: ReportHistory & { firstClaimedAt: Date }): number {
  return Math.max(0, history.firstClaimedAt.getTime() - history.submittedAt.getTime()) / MINUTE_MS;
}

function outcomeKeyOf(history: ReportHistory): OutcomeKey | undefined {
  return history.outcome === undefined ? undefined : outcomeKeys[claimOutcomes.valueOf(history.outcome)];
}

/**
 * The one way a report ended, as far as it is known: its claimer's recorded outcome wins (a GONE from the reporter, or a
 * departure stored before GONE kept claimed reports, does not make a report the claimer dealt with count twice); else
 * it departed or expired; else, claimed, it waits for an outcome; else it is still open.
 */
export function endOf(history: ReportHistory): 'outcome' | 'departed' | 'expired' | 'unrecorded' | 'open' {
  if (history.firstClaimedAt && outcomeKeyOf(history)) return 'outcome';
  if (history.departedAt) return 'departed';
  if (history.expiredAt) return 'expired';
  return history.firstClaimedAt ? 'unrecorded' : 'open';
}

/** The figures of the reports given, all of which alerted the association and were submitted in the period. */
export function figuresOf(companyId: string, period: StatisticsPeriod, histories: readonly ReportHistory[]): AssociationFigures {
  const outcomes: OutcomeCounts = { captured: 0, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 0 };
  const waits: number[] = [];
  let alertsSent = 0;
  let alertsCostCents = 0;
  const byChannel = { sms: 0, push: 0, email: 0 };
  let alertsCostByTextCents = 0;
  let reportsExpired = 0;
  let reportsDeparted = 0;
  for (const history of histories) {
    for (const alert of history.alerts) {
      if (alert.companyId !== companyId) continue;
      alertsSent += alert.count;
      alertsCostCents += alert.costCents;
      alertsCostByTextCents += alert.costBySmsCents;
      for (const channel of ALERT_CHANNELS) byChannel[channel] += alert.byChannel[channel];
    }
    const end = endOf(history);
    if (end === 'expired') reportsExpired += 1;
    if (end === 'departed') reportsDeparted += 1;
    if (!history.firstClaimedAt) continue;
    waits.push(minutesToFirstClaim({ ...history, firstClaimedAt: history.firstClaimedAt }));
    // Only claimed reports count an outcome; an outcome whose claim event has not arrived yet is counted once it has.
    if (end === 'outcome' || end === 'unrecorded') outcomes[outcomeKeyOf(history) ?? 'unrecorded'] += 1;
  }
  return {
    periodStart: period.since,
    periodEnd: period.until,
    reportsAlerted: histories.length,
    reportsClaimed: waits.length,
    medianMinutesToFirstClaim: percentileByNearestRank(waits, 50),
    p90MinutesToFirstClaim: percentileByNearestRank(waits, 90),
    outcomes,
    reportsExpired,
    reportsDeparted,
    alertsSent,
    alertsCostCents,
    alertsByText: byChannel.sms,
    alertsByNotification: byChannel.push,
    alertsByEmail: byChannel.email,
    alertsCostByTextCents,
    reporterTexts: histories.reduce((sum, history) => sum + history.reporterTexts, 0),
  };
}

function alerted(history: ReportHistory, companyId: string): boolean {
  return history.alerts.some((alert) => alert.companyId === companyId && alert.count > 0);
}

/**
 * An association's statistics over a period, from the histories of the reports that alerted it: one entry per week
 * (Monday 00:00 UTC to the next, clipped to the period; empty weeks included so a chart has every bar) and the total.
 * A report counts in the week it was submitted in, whenever it was claimed, expired or texted. Histories submitted
 * outside the period, or that never alerted the association, are left out.
 */
export function associationStatistics(companyId: string, period: StatisticsPeriod, histories: readonly ReportHistory[]): AssociationStatistics {
  validatePeriod(period);
  const inPeriod = histories.filter((history) => history.submittedAt >= period.since && history.submittedAt < period.until && alerted(history, companyId));
  const firstWeekStart = weekStartOf(period.since).getTime();
  const weeks = weeksOf(period);
  const byWeek = weeks.map((): ReportHistory[] => []);
  for (const history of inPeriod) {
    byWeek[Math.floor((history.submittedAt.getTime() - firstWeekStart) / WEEK_MS)]?.push(history);
  }
  return {
    weeks: weeks.map((week, index) => figuresOf(companyId, week, byWeek[index] ?? [])),
    total: figuresOf(companyId, period, inPeriod),
  };
}
