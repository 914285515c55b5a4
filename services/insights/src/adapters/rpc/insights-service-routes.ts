import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { GetAssociationMap } from '../../app/get-association-map.js';
import type { GetAssociationStatistics } from '../../app/get-association-statistics.js';
import type { ListAssociationReports } from '../../app/list-association-reports.js';
import type { AssociationReport } from '../../domain/association-reports.js';
import { MAP_RESOLUTION, type MapCell } from '../../domain/association-map.js';
import { COVERAGE_RESOLUTION } from '../../domain/member-coverage.js';
import type { InsightsErrorCode } from '../../domain/insights-error.js';
import type { AssociationFigures } from '../../domain/statistics.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<InsightsErrorCode>();

/** The domain's figures carry the proto's field names; only the period bounds change type. */
const toProtoStatistics = (figures: AssociationFigures) => ({
  ...figures,
  periodStart: timestampFromDate(figures.periodStart),
  periodEnd: timestampFromDate(figures.periodEnd),
});

/** The domain's row carries the proto's field names; only the instants change type. */
const toProtoReport = ({ submittedAt, firstClaimedAt, ...report }: AssociationReport) => ({
  ...report,
  submittedAt: timestampFromDate(submittedAt),
  ...(firstClaimedAt ? { firstClaimedAt: timestampFromDate(firstClaimedAt) } : {}),
});

/** The domain's cell carries the proto's field names. */
const toProtoCell = (cell: MapCell) => cell;

type PeriodRequest = { companyId: string; since?: Parameters<typeof timestampDate>[0] | undefined; until?: Parameters<typeof timestampDate>[0] | undefined };

function periodOf(request: PeriodRequest) {
  if (!request.companyId.trim()) throw new ConnectError('company_id is required', Code.InvalidArgument);
  return { companyId: request.companyId, since: request.since && timestampDate(request.since), until: request.until && timestampDate(request.until) };
}

export function insightsServiceRoutes(useCases: { getAssociationStatistics: GetAssociationStatistics; getAssociationMap: GetAssociationMap; listAssociationReports: ListAssociationReports }) {
  return (router: ConnectRouter) => {
    router.service(InsightsService, {
      async getAssociationStatistics(request) {
        try {
          const { weeks, total } = await useCases.getAssociationStatistics.execute(periodOf(request));
          return { weeks: weeks.map(toProtoStatistics), total: toProtoStatistics(total) };
        } catch (error) {
          throw toConnect(error);
        }
      },
      async getAssociationMap(request) {
        try {
          const map = await useCases.getAssociationMap.execute(periodOf(request));
          return {
            periodStart: timestampFromDate(map.period.since),
            periodEnd: timestampFromDate(map.period.until),
            resolution: MAP_RESOLUTION,
            cells: map.cells.map(toProtoCell),
            coverage: {
              resolution: COVERAGE_RESOLUTION,
              h3Cells: map.coverage.h3Cells,
              areaKm2: map.coverage.areaKm2,
              membersWithHome: map.coverage.membersWithHome,
              membersWithoutHome: map.coverage.membersWithoutHome,
            },
          };
        } catch (error) {
          throw toConnect(error);
        }
      },
      async listAssociationReports(request) {
        try {
          const { period, reports } = await useCases.listAssociationReports.execute(periodOf(request));
          return { periodStart: timestampFromDate(period.since), periodEnd: timestampFromDate(period.until), reports: reports.map(toProtoReport) };
        } catch (error) {
          throw toConnect(error);
        }
      },
    });
  };
}
