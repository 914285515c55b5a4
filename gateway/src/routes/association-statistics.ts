import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { AssociationStatistics, OutcomeCounts } from '@swarm/proto/notification/v1/notification_service';
import { ClaimOutcome } from '@swarm/proto/report/v1/report';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Without `since`, the week `until` falls in and the 11 before it. */
const DEFAULT_WEEKS = 12;
/** The notification service answers at most two years at once. */
const MAX_PERIOD_YEARS = 2;

export const STATISTICS_MESSAGES = {
  notAdmin: 'Only an admin of this association can see its statistics.',
  sinceAfterUntil: 'since must be on or before until (today when until is not given).',
  periodTooLong: `The period can be at most ${MAX_PERIOD_YEARS} years.`,
  invalidDate: (field: string) => `${field} must be a date written YYYY-MM-DD.`,
} as const;

/** The UTC midnight starting a YYYY-MM-DD day, or undefined for text that is no real calendar day (2026-02-30). */
function utcDayStart(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? day : undefined;
}

const dateField = (field: string) =>
  z
    .string({ error: STATISTICS_MESSAGES.invalidDate(field) })
    .refine((text) => utcDayStart(text) !== undefined, STATISTICS_MESSAGES.invalidDate(field))
    .optional();

const statisticsQuery = z.object({ since: dateField('since'), until: dateField('until') });
const companyIdParam = z.object({ companyId: z.string().trim().min(1).max(128).regex(/^[\x21-\x7e]+$/) });

/** Monday 00:00 UTC of the week holding `instant`, the start of the notification service's weeks. */
export function weekStartOf(instant: Date): Date {
  const day = new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
  const daysSinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - daysSinceMonday * DAY_MS);
}

/**
 * The period asked for, as [since, until): `since` from 00:00 UTC of its day, `until` through the end of its day (up to
 * 00:00 UTC of the next one), so `since=2026-03-02&until=2026-03-08` is that whole week. Without `until` the period runs
 * up to `now`; without `since` it starts on the Monday that makes it 12 weeks, whole weeks as the service counts them.
 */
export function statisticsPeriod(query: { since?: string; until?: string }, now: Date): { since: Date; until: Date } {
  const untilDay = query.until === undefined ? undefined : utcDayStart(query.until);
  const until = untilDay ? new Date(untilDay.getTime() + DAY_MS) : now;
  const sinceDay = query.since === undefined ? undefined : utcDayStart(query.since);
  const since = sinceDay ?? new Date(weekStartOf(new Date(until.getTime() - 1)).getTime() - (DEFAULT_WEEKS - 1) * WEEK_MS);
  if (since.getTime() >= until.getTime()) throw new HttpError(400, STATISTICS_MESSAGES.sinceAfterUntil);
  const latestUntil = new Date(since);
  latestUntil.setUTCFullYear(latestUntil.getUTCFullYear() + MAX_PERIOD_YEARS);
  if (until.getTime() > latestUntil.getTime()) throw new HttpError(400, STATISTICS_MESSAGES.periodTooLong);
  return { since, until };
}

/** Statistics of a week or of the whole period as the member area reads them: ISO instants, whole cents, minutes or null. */
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
    reporterTexts: statistics?.reporterTexts ?? 0,
  };
}

/** The service's own period check (it counts two years its way) read as the same 400 as the gateway's. */
function periodRefusal(error: unknown): unknown {
  return error instanceof ConnectError && error.code === Code.InvalidArgument ? new HttpError(400, STATISTICS_MESSAGES.periodTooLong) : error;
}

/**
 * An association's statistics per week and for the period, for its admins in the member area. Behind the session
 * check of every /api/member/ route (routes/auth.ts); admin rights are read from association-billing on every call,
 * so a revoked right takes effect at once.
 */
export function associationStatisticsRoutes(app: FastifyInstance, clients: ServiceClients): void {
  app.get('/api/member/company/:companyId/statistics', async (request, reply) => {
    const memberId = memberIdOf(request);
    const period = statisticsPeriod(parseInput(statisticsQuery, request.query), new Date());
    const param = companyIdParam.safeParse(request.params);
    if (!param.success) throw new HttpError(403, STATISTICS_MESSAGES.notAdmin);
    const { companyId } = param.data;
    const { memberships } = await clients.associationBilling.listMemberMemberships({ memberId });
    // An association that does not exist reads the same as one the member does not administer.
    if (!memberships.some((membership) => membership.isAdmin && membership.association?.companyId === companyId)) {
      throw new HttpError(403, STATISTICS_MESSAGES.notAdmin);
    }
    const answer = await clients.notification
      .getAssociationStatistics({ companyId, since: timestampFromDate(period.since), until: timestampFromDate(period.until) })
      .catch((error: unknown) => {
        throw periodRefusal(error);
      });
    return reply.header('cache-control', 'no-store').send({
      companyId,
      since: period.since.toISOString(),
      until: period.until.toISOString(),
      weeks: answer.weeks.map(toStatisticsFigures),
      total: toStatisticsFigures(answer.total),
    });
  });
}
