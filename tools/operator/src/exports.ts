import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import type { AssociationReport, CellCount, GetAssociationMapResponse, ListAssociationReportsResponse, MapCell, MemberCoverage } from '@swarm/proto/insights/v1/insights_service';
import { associationReportsCsv, type AssociationReportRow } from '@swarm/proto/views/association-reports-csv';
import { cellsToMultiPolygon, cellToBoundary } from 'h3-js';

/** As the gateway answers the map: a count below three is only 'fewer than 3'. */
export const FEWER_THAN_THREE = 'fewer than 3';

const iso = (timestamp: Timestamp | undefined): string | null => (timestamp ? timestampDate(timestamp).toISOString() : null);
const tenths = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 10) / 10);
const hundredths = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? null : Math.round(value * 100) / 100);
const countOf = (count: CellCount | undefined): number | typeof FEWER_THAN_THREE => (count?.fewerThanMinimum ? FEWER_THAN_THREE : (count?.count ?? 0));

function rowOf(report: AssociationReport): AssociationReportRow {
  return {
    submittedAt: iso(report.submittedAt) ?? '',
    firstClaimedAt: iso(report.firstClaimedAt),
    h3Cell: report.h3Cell,
    size: report.size,
    elevationFeet: report.elevationFeet ?? null,
    minutesToFirstClaim: tenths(report.minutesToFirstClaim),
    outcome: report.outcome,
    claimOutcome: report.claimOutcome,
    alertsSent: report.alertsSent,
    alertsByText: report.alertsByText,
    alertsByNotification: report.alertsByNotification,
    alertsByEmail: report.alertsByEmail,
    alertsCostCents: report.alertsCostCents,
  };
}

/** The association's reports as the site's CSV download has them (see @swarm/proto/views/association-reports-csv). */
export const reportsCsv = (answer: ListAssociationReportsResponse): string => associationReportsCsv(answer.reports.map(rowOf));

function cellFeature(cell: MapCell) {
  // GeoJSON order ([longitude, latitude]) with the ring closed: h3-js repeats the first corner at the end.
  const ring = cellToBoundary(cell.h3Cell, true);
  const [first] = ring;
  const last = ring.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  const { outcomes } = cell;
  return {
    type: 'Feature' as const,
    id: cell.h3Cell,
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
    properties: {
      h3Cell: cell.h3Cell,
      nearPlace: cell.nearPlace || null,
      reports: countOf(cell.reports),
      unserved: countOf(cell.unserved),
      medianMinutesToFirstClaim: tenths(cell.medianMinutesToFirstClaim),
      p90MinutesToFirstClaim: tenths(cell.p90MinutesToFirstClaim),
      shareUnclaimed: hundredths(cell.shareUnclaimed),
      claimed: outcomes?.claimed ?? null,
      expired: outcomes?.expired ?? null,
      departed: outcomes?.departed ?? null,
      markedBad: outcomes?.markedBad ?? null,
      open: outcomes?.open ?? null,
    },
  };
}

/** The area the members cover as one feature, as the site has it: the outline of its cells, with its area and members. */
function coverageFeature(coverage: MemberCoverage) {
  return {
    type: 'Feature' as const,
    id: 'member-coverage',
    // GeoJSON order, rings closed, holes after their outer ring.
    geometry: { type: 'MultiPolygon' as const, coordinates: cellsToMultiPolygon(coverage.h3Cells, true) },
    properties: {
      layer: 'member-coverage' as const,
      resolution: coverage.resolution,
      areaKm2: Math.round(coverage.areaKm2),
      membersWithHome: coverage.membersWithHome,
      membersWithoutHome: coverage.membersWithoutHome,
    },
  };
}

/**
 * The association's map cells as a GeoJSON FeatureCollection: one closed hexagon per cell with the map's figures, and
 * the area its members cover as a feature of its own when they cover any, as the site downloads it.
 */
export function cellsGeoJson(companyId: string, answer: GetAssociationMapResponse) {
  const coverage = answer.coverage && answer.coverage.h3Cells.length > 0 ? [coverageFeature(answer.coverage)] : [];
  return {
    type: 'FeatureCollection' as const,
    properties: { companyId, since: iso(answer.periodStart), until: iso(answer.periodEnd), resolution: answer.resolution },
    features: [...answer.cells.map(cellFeature), ...coverage],
  };
}
