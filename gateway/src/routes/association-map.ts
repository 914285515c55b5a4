import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { FEWER_THAN_THREE } from '@swarm/api-contract/association-map';
import { statisticsQuery } from '@swarm/api-contract/association-statistics-request';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { CellCount, MapCell } from '@swarm/proto/insights/v1/insights_service';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';
import { requireActiveAdmin, statisticsBounds } from './association-statistics.js';
import { contractRoute } from './contract-route.js';

export const MAP_MESSAGES = {
  notAdmin: 'Only an admin of this association can see its map.',
  inactiveMembership: 'Your membership of this association is inactive, so its map is not shown. Enter an activation code in Associations to make it active again.',
} as const;

/** Tenths of a minute are as precise as anyone reads a claim time; hundredths of a share. */
const tenths = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);
const hundredths = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 100) / 100);
const countOf = (count: CellCount | undefined) => (count?.fewerThanMinimum ? FEWER_THAN_THREE : (count?.count ?? 0));

function toCell(cell: MapCell) {
  const { outcomes } = cell;
  return {
    h3Cell: cell.h3Cell,
    reports: countOf(cell.reports),
    outcomes: outcomes ? { claimed: outcomes.claimed, expired: outcomes.expired, departed: outcomes.departed, markedBad: outcomes.markedBad, open: outcomes.open } : null,
    unserved: countOf(cell.unserved),
    medianMinutesToFirstClaim: tenths(cell.medianMinutesToFirstClaim),
    p90MinutesToFirstClaim: tenths(cell.p90MinutesToFirstClaim),
    shareUnclaimed: hundredths(cell.shareUnclaimed),
  };
}

/** A query whose days are not days is told so first; then that the association is not one it may read. */
function mapRefusal(request: FastifyRequest): HttpError {
  parseInput(statisticsQuery, request.query);
  return new HttpError(403, MAP_MESSAGES.notAdmin);
}

/**
 * An association's map for its admins in the member area: the same access rules, period and errors as its statistics
 * (routes/association-statistics.ts), the cells from the insights service.
 */
export function associationMapRoutes(app: FastifyInstance, clients: ServiceClients): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getAssociationMap, { invalidRequest: mapRefusal }),
    handler: async (request, reply) => {
      const bounds = statisticsBounds(request.query);
      const { companyId } = request.params;
      await requireActiveAdmin(clients, memberIdOf(request), companyId, MAP_MESSAGES);
      // The service answers a period it does not read with its own words, which the error table passes on as a 400.
      const answer = await clients.insights.getAssociationMap({
        companyId,
        since: bounds.since && timestampFromDate(bounds.since),
        until: bounds.until && timestampFromDate(bounds.until),
      });
      if (!answer.periodStart || !answer.periodEnd) throw new Error('the insights service answered a map without its period');
      return reply.header('cache-control', 'no-store').send({
        companyId,
        since: timestampDate(answer.periodStart).toISOString(),
        until: timestampDate(answer.periodEnd).toISOString(),
        resolution: answer.resolution,
        cells: answer.cells.map(toCell),
      });
    },
  });
}
