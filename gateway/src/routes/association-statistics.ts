import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { statisticsQuery } from '@swarm/api-contract/association-statistics-request';
import { apiRoutes } from '@swarm/api-contract/routes';
import { DAY_MS, parseUtcDay, toStatisticsFigures } from '@swarm/proto/views/association-statistics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MembershipStatus } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';

export const STATISTICS_MESSAGES = {
  notAdmin: 'Only an admin of this association can see its statistics.',
  inactiveMembership: 'Your membership of this association is inactive, so its statistics are not shown. Enter an activation code in Associations to make it active again.',
} as const;

/**
 * The query's days as the instants the insights service reads: `since` from 00:00 UTC of its day, `until` through
 * the end of its day (up to 00:00 UTC of the next one), so `since=2026-03-02&until=2026-03-08` is that whole week. An
 * absent day stays absent: the service fills it in and judges the period.
 */
export function statisticsBounds(query: { since?: string; until?: string }): { since?: Date; until?: Date } {
  const sinceDay = query.since === undefined ? undefined : parseUtcDay(query.since);
  const untilDay = query.until === undefined ? undefined : parseUtcDay(query.until);
  return { ...(sinceDay && { since: sinceDay }), ...(untilDay && { until: new Date(untilDay.getTime() + DAY_MS) }) };
}

/**
 * Refuses (403, with `messages`) a member who is not an admin of the association through an active membership. Read
 * from association-billing on every call, so a revoked right or a deactivated membership takes effect at once.
 */
export async function requireActiveAdmin(
  clients: ServiceClients,
  memberId: string,
  companyId: string,
  messages: { notAdmin: string; inactiveMembership: string },
): Promise<void> {
  const { memberships } = await clients.associationBilling.listMemberMemberships({ memberId });
  // An association that does not exist reads the same as one the member does not administer.
  const administered = memberships.find((membership) => membership.isAdmin && membership.association?.companyId === companyId);
  if (!administered) throw new HttpError(403, messages.notAdmin);
  // A deactivated membership keeps its admin flag for when it is reactivated, but gives no right meanwhile.
  if (administered.status !== MembershipStatus.ACTIVE) throw new HttpError(403, messages.inactiveMembership);
}

/** A query whose days are not days is told so first; then that the association is not one it may read. */
function statisticsRefusal(request: FastifyRequest): HttpError {
  parseInput(statisticsQuery, request.query);
  return new HttpError(403, STATISTICS_MESSAGES.notAdmin);
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
      const bounds = statisticsBounds(request.query);
      const { companyId } = request.params;
      await requireActiveAdmin(clients, memberIdOf(request), companyId, STATISTICS_MESSAGES);
      // The service answers a period it does not read with its own words, which the error table passes on as a 400.
      const answer = await clients.insights.getAssociationStatistics({
        companyId,
        since: bounds.since && timestampFromDate(bounds.since),
        until: bounds.until && timestampFromDate(bounds.until),
      });
      const period = answer.total;
      if (!period?.periodStart || !period.periodEnd) throw new Error('the insights service answered statistics without their period');
      return reply.header('cache-control', 'no-store').send({
        companyId,
        since: timestampDate(period.periodStart).toISOString(),
        until: timestampDate(period.periodEnd).toISOString(),
        weeks: answer.weeks.map(toStatisticsFigures),
        total: toStatisticsFigures(answer.total),
      });
    },
  });
}
