/**
 * An association's statistics as people read them, the same for the member area's API and the operator CLI: ISO
 * instants, whole cents, minutes to a tenth or null, the outcomes named by the one claim-outcome vocabulary. Also the
 * calendar both read periods in: YYYY-MM-DD days and weeks from Monday 00:00 UTC, as the insights service counts.
 */
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { claimOutcomes, type ClaimOutcomeLabel } from '../labels/index.js';
import type { AssociationStatistics, OutcomeCounts } from '../gen/swarm/insights/v1/insights_service_pb.js';
import { ClaimOutcome } from '../gen/swarm/report/v1/report_pb.js';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A week's or the whole period's figures. */
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
  /** Of the alerts, how many went by each channel (an alert on two channels counts in both). */
  alertsByChannel: { text: number; notification: number; email: number };
  /** What the same alerts would have cost as text messages. */
  alertsCostByTextCents: number;
  reporterTexts: number;
};

const iso = (timestamp: Timestamp | undefined) => (timestamp ? timestampDate(timestamp).toISOString() : null);
/** Tenths of a minute are as precise as anyone reads a claim time. */
const minutes = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);

/** The outcome counts named by the claim-outcome vocabulary, in its order, as the claimed reports list names them. */
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
    alertsByChannel: { text: statistics?.alertsByText ?? 0, notification: statistics?.alertsByNotification ?? 0, email: statistics?.alertsByEmail ?? 0 },
    alertsCostByTextCents: statistics?.alertsCostByTextCents ?? 0,
    reporterTexts: statistics?.reporterTexts ?? 0,
  };
}

/** 00:00 UTC of a YYYY-MM-DD day, or undefined for text that is no real calendar day (2026-02-30). */
export function parseUtcDay(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : undefined;
}

/** Monday 00:00 UTC of the week holding `instant`, the start of the notification service's weeks. */
export function weekStartOf(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - daysSinceMonday * DAY_MS);
}
