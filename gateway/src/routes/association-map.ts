import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { FEWER_THAN_THREE } from '@swarm/api-contract/association-map';
import { statisticsQuery } from '@swarm/api-contract/association-statistics-request';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { AssociationReport, CellCount, MapCell, MemberCoverage } from '@swarm/proto/insights/v1/insights_service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memberIdOf } from '../auth/member-session.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';
import { requireActiveAdmin, statisticsBounds } from './association-statistics.js';
import { contractRoute } from './contract-route.js';
import { ReusedAnswers } from './reused-answers.js';

export const REPORTS_MESSAGES = {
  notAdmin: 'Only an admin of this association can export its reports.',
  inactiveMembership: 'Your membership of this association is inactive, so its reports cannot be exported. Enter an activation code in Associations to make it active again.',
} as const;

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
    nearPlace: cell.nearPlace || null,
    reports: countOf(cell.reports),
    outcomes: outcomes ? { claimed: outcomes.claimed, expired: outcomes.expired, departed: outcomes.departed, markedBad: outcomes.markedBad, open: outcomes.open } : null,
    unserved: countOf(cell.unserved),
    medianMinutesToFirstClaim: tenths(cell.medianMinutesToFirstClaim),
    p90MinutesToFirstClaim: tenths(cell.p90MinutesToFirstClaim),
    shareUnclaimed: hundredths(cell.shareUnclaimed),
  };
}

function toCoverage(coverage: MemberCoverage | undefined) {
  return {
    resolution: coverage?.resolution ?? 0,
    cells: coverage?.h3Cells ?? [],
    areaKm2: Math.round(coverage?.areaKm2 ?? 0),
    membersWithHome: coverage?.membersWithHome ?? 0,
    membersWithoutHome: coverage?.membersWithoutHome ?? 0,
  };
}

const OUTCOMES = ['claimed', 'expired', 'departed', 'markedBad', 'open'] as const;
const outcomeOf = (outcome: string) => OUTCOMES.find((known) => known === outcome) ?? 'open';

function toReportRow(report: AssociationReport) {
  return {
    submittedAt: report.submittedAt ? timestampDate(report.submittedAt).toISOString() : new Date(0).toISOString(),
    h3Cell: report.h3Cell,
    size: report.size,
    elevationFeet: report.elevationFeet ?? null,
    firstClaimedAt: report.firstClaimedAt ? timestampDate(report.firstClaimedAt).toISOString() : null,
    minutesToFirstClaim: tenths(report.minutesToFirstClaim),
    outcome: outcomeOf(report.outcome),
    claimOutcome: report.claimOutcome,
    alertsSent: report.alertsSent,
    alertsByText: report.alertsByText,
    alertsByNotification: report.alertsByNotification,
    alertsByEmail: report.alertsByEmail,
    alertsCostCents: report.alertsCostCents,
  };
}

/** A query whose days are not days is told so first; then that the association is not one it may read. */
const refusalWith = (notAdmin: string) => (request: FastifyRequest): HttpError => {
  parseInput(statisticsQuery, request.query);
  return new HttpError(403, notAdmin);
};

/**
 * How long the gateway sends a map's JSON again as it wrote it, for the same association and period. The insights
 * service reuses a computed map as long (MAP_REUSE_MS there), so a map shown is at most twice this old.
 */
export const MAP_ANSWER_REUSE_MS = 5_000;

/**
 * An association's map for its admins in the member area: the same access rules, period and errors as its statistics
 * (routes/association-statistics.ts), the cells from the insights service. Who may see it is checked on every request;
 * the map's JSON, already checked against the contract, is reused for MAP_ANSWER_REUSE_MS.
 */
export function associationMapRoutes(app: FastifyInstance, clients: ServiceClients): void {
  const maps = new ReusedAnswers<ReturnType<FastifyReply['serialize']>>({ reuseMs: MAP_ANSWER_REUSE_MS, maxKept: 1_000 });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getAssociationMap, { invalidRequest: refusalWith(MAP_MESSAGES.notAdmin) }),
    handler: async (request, reply) => {
      const bounds = statisticsBounds(request.query);
      const { companyId } = request.params;
      await requireActiveAdmin(clients, memberIdOf(request), companyId, MAP_MESSAGES);
      const json = await maps.answer(`${companyId}|${bounds.since?.toISOString() ?? ''}|${bounds.until?.toISOString() ?? ''}`, async () => {
        // The service answers a period it does not read with its own words, which the error table passes on as a 400.
        const answer = await clients.insights.getAssociationMap({
          companyId,
          since: bounds.since && timestampFromDate(bounds.since),
          until: bounds.until && timestampFromDate(bounds.until),
        });
        if (!answer.periodStart || !answer.periodEnd) throw new Error('the insights service answered a map without its period');
        // The route's own serializer: the body is checked against the contract once, when written.
        return reply.serialize({
          companyId,
          since: timestampDate(answer.periodStart).toISOString(),
          until: timestampDate(answer.periodEnd).toISOString(),
          resolution: answer.resolution,
          cells: answer.cells.map(toCell),
          coverage: toCoverage(answer.coverage),
        });
      });
      return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(json);
    },
  });

  // The reports one row each, for the admins' export (the site makes the CSV): the same access and period as the map.
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.listAssociationReports, { invalidRequest: refusalWith(REPORTS_MESSAGES.notAdmin) }),
    handler: async (request, reply) => {
      const bounds = statisticsBounds(request.query);
      const { companyId } = request.params;
      await requireActiveAdmin(clients, memberIdOf(request), companyId, REPORTS_MESSAGES);
      const answer = await clients.insights.listAssociationReports({
        companyId,
        since: bounds.since && timestampFromDate(bounds.since),
        until: bounds.until && timestampFromDate(bounds.until),
      });
      if (!answer.periodStart || !answer.periodEnd) throw new Error('the insights service answered reports without their period');
      return reply.header('cache-control', 'no-store').send({
        companyId,
        since: timestampDate(answer.periodStart).toISOString(),
        until: timestampDate(answer.periodEnd).toISOString(),
        reports: answer.reports.map(toReportRow),
      });
    },
  });
}
