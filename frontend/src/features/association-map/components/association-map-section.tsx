import { lazy, Suspense, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, Hint, Select, SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { ApiError, InvalidResponseError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { formatLastUtcDay, formatUtcDay } from '@/lib/utc-days';
import { DEFAULT_PERIOD_WEEKS, PERIOD_WEEKS, periodLabel, periodSince, type PeriodWeeks } from '@/lib/statistics-period';
import { associationReportsCsv } from '@swarm/proto/views/association-reports-csv';
import { useAssociationMap, type AssociationMap } from '../api/get-association-map';
import { getAssociationReports } from '../api/get-association-reports';
import { downloadText } from '../lib/download';
import { describeCoverage, FEWER_THAN_THREE, formatAreaKm2, hasAny } from '../lib/map-figures';
import { MapTable } from './map-table';

/** The drawing (d3-geo, h3-js, the outlines) loads with the first map an admin opens, never with another page. */
const CellMap = lazy(() => import('./cell-map'));
/** Leaflet and its style sheet load only where the site has map tiles, with the first map shown over them. */
const TileMap = lazy(() => import('./tile-map'));

export const MAP_LOAD_FAILED = 'We could not load the map.';
export const EXPORT_FAILED = 'We could not prepare the download. Please try again.';

function failureMessage(error: unknown): string {
  if (error instanceof InvalidResponseError) return error.message;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return `${MAP_LOAD_FAILED} Please try again in a moment.`;
}

const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** What the map shows, in one sentence: the picture's name for assistive technology. */
export function mapSummary(map: AssociationMap): string {
  const withReports = map.cells.filter((cell) => hasAny(cell.reports)).length;
  const withUnserved = map.cells.filter((cell) => hasAny(cell.unserved)).length;
  const covered = map.coverage.cells.length > 0 ? ` Today your members' alert ranges cover the area shaded in teal, about ${formatAreaKm2(map.coverage.areaKm2)} km².` : '';
  return (
    `Map of ${map.cells.length} cells of about 5 km²: ${withReports} with reports, shaded by how many, and ${withUnserved} with unserved demand, ` +
    `hatched in violet.${covered} The table below has every figure.`
  );
}

const fileDay = (iso: string) => formatUtcDay(iso);

/**
 * An association's map for its admins, beside its statistics: its reports by H3 cell over the chosen period, shaded
 * by how many, the demand nobody could meet hatched, over US state and county outlines (or, where the site has map
 * tiles, on a Leaflet map of them); every figure in a table that is also the keyboard's way to the cells; the period's
 * reports to download as CSV (one row each, nothing of the reporter's) and the cells as GeoJSON.
 * A cell with one or two reports shows 'fewer than 3', never the count. A refusal shows its reason, as the statistics do.
 */
export function AssociationMapSection({ companyId, companyName }: { companyId: string; companyName: string }) {
  const headingId = useId();
  const periodId = useId();
  const [weeks, setWeeks] = useState<PeriodWeeks>(DEFAULT_PERIOD_WEEKS);
  const [selected, setSelected] = useState<string | null>(null);
  const mapBox = useRef<HTMLDivElement>(null);
  /** A cell picked in the table is shown on the map: on a phone the map is a screen or more above the table. */
  const showOnMap = (h3Cell: string) => {
    setSelected(h3Cell);
    mapBox.current?.scrollIntoView?.({ block: 'nearest' });
  };
  const since = periodSince(weeks, new Date());
  const map = useAssociationMap(companyId, since);
  const config = usePublicConfig();
  const data = map.data;
  /** Why the last download failed: the gateway's own sentence for a refusal; null while none failed. */
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const downloadGeoJson = async (answer: AssociationMap) => {
    setExportFailure(null);
    try {
      const { cellsGeoJson } = await import('../lib/cell-geometry');
      downloadText(`${companyName} cells ${fileDay(answer.since)} to ${formatLastUtcDay(answer.until)}.geojson`, 'application/geo+json', `${JSON.stringify(cellsGeoJson(answer), null, 2)}\n`);
    } catch {
      setExportFailure(EXPORT_FAILED);
    }
  };

  const downloadCsv = async () => {
    setExportFailure(null);
    setExporting(true);
    try {
      const answer = await getAssociationReports(companyId, since);
      downloadText(`${companyName} reports ${fileDay(answer.since)} to ${formatLastUtcDay(answer.until)}.csv`, 'text/csv;charset=utf-8', associationReportsCsv(answer.reports));
    } catch (error) {
      setExportFailure(isRefusal(error) || error instanceof InvalidResponseError ? failureMessage(error) : EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  return (
    <SectionCard aria-labelledby={headingId}>
      <SectionHeading id={headingId}>{`Association map: ${companyName}`}</SectionHeading>
      {!isForbidden(map.error) && (
        <PeriodField>
          <label htmlFor={periodId}>Period of the map</label>
          <Select
            id={periodId}
            value={weeks}
            onChange={(event) => {
              setWeeks(Number(event.target.value) as PeriodWeeks);
              setSelected(null);
            }}
          >
            {PERIOD_WEEKS.map((choice) => (
              <option key={choice} value={choice}>
                {periodLabel(choice)}
              </option>
            ))}
          </Select>
        </PeriodField>
      )}

      {map.isPending && <p role="status">Loading the map…</p>}
      {map.isError && (
        <div role="alert">
          <p>{failureMessage(map.error)}</p>
          {!isRefusal(map.error) && (
            <Button type="button" $variant="secondary" onClick={() => void map.refetch()}>
              Try again
            </Button>
          )}
        </div>
      )}
      {data && !isRefusal(map.error) && (
        <>
          <Hint>{`From ${formatUtcDay(data.since)} to ${formatLastUtcDay(data.until)}. A cell with one or two reports reads "${FEWER_THAN_THREE}": so few could point at a household.`}</Hint>
          {(data.cells.length > 0 || data.coverage.cells.length > 0) && (
            <div ref={mapBox}>
              <Suspense fallback={<p role="status">Drawing the map…</p>}>
                {config.isPending ? (
                  <p role="status">Drawing the map…</p>
                ) : config.data?.mapTiles ? (
                  <TileMap
                    cells={data.cells}
                    coverage={data.coverage.cells}
                    selected={selected}
                    onSelect={setSelected}
                    tiles={config.data.mapTiles}
                    summary={mapSummary(data)}
                  />
                ) : (
                  <CellMap cells={data.cells} coverage={data.coverage.cells} selected={selected} onSelect={setSelected} summary={mapSummary(data)} />
                )}
              </Suspense>
            </div>
          )}
          <p data-testid="member-coverage-text">{describeCoverage(data.coverage)}</p>
          {data.cells.length === 0 ? (
            <p>No report alerted your members in this period, and nobody was turned away nearby.</p>
          ) : (
            <>
              <MapTable cells={data.cells} associationName={companyName} selected={selected} onSelect={showOnMap} />
              <Downloads>
                <Button type="button" $variant="secondary" disabled={exporting} onClick={() => void downloadCsv()}>
                  {exporting ? 'Preparing the reports…' : 'Download the reports (CSV)'}
                </Button>
                <Button type="button" $variant="secondary" onClick={() => void downloadGeoJson(data)}>
                  Download the cells (GeoJSON)
                </Button>
              </Downloads>
              {exportFailure && <p role="alert">{exportFailure}</p>}
            </>
          )}
        </>
      )}
    </SectionCard>
  );
}

const PeriodField = styled(Field)`
  max-width: 16rem;
`;

const Downloads = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
