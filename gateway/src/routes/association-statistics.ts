import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { invalidStatisticsDate, statisticsQuery } from '@swarm/api-contract/association-statistics-request';
import { apiRoutes } from '@swarm/api-contract/routes';
import {
  DAY_MS,
  DEFAULT_STATISTICS_WEEKS,
  MAX_STATISTICS_YEARS,
  parseUtcDay,
  toStatisticsFigures,
  weekStartOf,
} from '@swarm/proto/views/association-statistics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MembershipStatus } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';

const WEEK_MS = 7 * DAY_MS;

export const STATISTICS_MESSAGES = {
  notAdmin: 'Only an admin of this association can see its statistics.',
  inactiveMembership: 'Your membership of this association is inactive, so its statistics are not shown. Enter an activation code in Associations to make it active again.',
  sinceAfterUntil: 'since must be on or before until (today when until is not given).',
  periodTooLong: `The period can be at most ${MAX_STATISTICS_YEARS} years.`,
  invalidDate: invalidStatisticsDate,
} as const;

/**
 * The period asked for, as [since, until): `since` from 00:00 UTC of its day, `until` through the end of its day (up to
 * 00:00 UTC of the next one), so `since=2026-03-02&until=2026-03-08` is that whole week. Without `until` the period runs
 * up to `now`; without `since` it starts on the Monday that makes it 12 weeks, whole weeks as the service counts them.
 */
export function statisticsPeriod(query: { since?: string; until?: string }, now: Date): { since: Date; until: Date } {
  const untilDay = query.until === undefined ? undefined : parseUtcDay(query.until);
  const until = untilDay ? new Date(untilDay.getTime() + DAY_MS) : now;
  const sinceDay = query.since === undefined ? undefined : parseUtcDay(query.since);
  const since = sinceDay ?? new Date(weekStartOf(new Date(until.getTime() - 1)).getTime() - (DEFAULT_STATISTICS_WEEKS - 1) * WEEK_MS);
  if (since.getTime() >= until.getTime()) throw new HttpError(400, STATISTICS_MESSAGES.sinceAfterUntil);
  const latestUntil = new Date(since);
  latestUntil.setUTCFullYear(latestUntil.getUTCFullYear() + MAX_STATISTICS_YEARS);
  if (until.getTime() > latestUntil.getTime()) throw new HttpError(400, STATISTICS_MESSAGES.periodTooLong);
  return { since, until };
}


/**
 * A refused request is told what is wrong with its period first (the dates, then the period's bounds), and only then
 * that the association is not one it may read: an id that cannot be one names no association it administers.
 */
function statisticsRefusal(request: FastifyRequest): HttpError {
  statisticsPeriod(parseInput(statisticsQuery, request.query), new Date());
  return new HttpError(403, STATISTICS_MESSAGES.notAdmin);
}

/** The service's own period check (it counts two years its way) read as the same 400 as the gateway's. */
function periodRefusal(error: unknown): unknown {
  return error instanceof ConnectError && error.code === Code.InvalidArgument ? new HttpError(400, STATISTICS_MESSAGES.periodTooLong) : error;
}

/**
 * An association's statistics per week and for the period, for its admins in the member area. Behind the session
 * check of every /api/member/ route (routes/auth.ts); admin rights and the membership's status are read from
 * association-billing on every call, so a revoked right or a deactivated membership takes effect at once.
 */
export function associationStatisticsRoutes(app: FastifyInstance, clients: ServiceClients): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getAssociationStatistics, { invalidRequest: statisticsRefusal }),
    handler: async (request, reply) => {
      const memberId = memberIdOf(request);
      const period = statisticsPeriod(request.query, new Date());
      const { companyId } = request.params;
      const { memberships } = await clients.associationBilling.listMemberMemberships({ memberId });
      // An association that does not exist reads the same as one the member does not administer.
      const administered = memberships.find((membership) => membership.isAdmin && membership.association?.companyId === companyId);
      if (!administered) throw new HttpError(403, STATISTICS_MESSAGES.notAdmin);
      // A deactivated membership keeps its admin flag for when it is reactivated, but gives no right meanwhile.
      if (administered.status !== MembershipStatus.ACTIVE) throw new HttpError(403, STATISTICS_MESSAGES.inactiveMembership);
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
    },
  });
}
