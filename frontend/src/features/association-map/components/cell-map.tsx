import { geoMercator, geoPath } from 'd3-geo';
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { MapCell } from '../api/get-association-map';
import { loadCountyOutlines, loadStateOutlines, type Outlines } from '../lib/base-map';
import { cellCentre, cellPolygon, cellsBounds, coverageOutline } from '../lib/cell-geometry';
import { CELL_STROKE, COVERAGE_FILL, COVERAGE_STROKE, describeCell, hasAny, reportBand, SELECTED_STROKE, UNSERVED_COLOUR } from '../lib/map-figures';
import { MapLegend } from './map-legend';

const WIDTH = 600;
const HEIGHT = 400;
const PADDING = 24;

type Props = {
  cells: readonly MapCell[];
  /** The cells the association's members cover (coarser than the map's), drawn as one shaded area under the cells. */
  coverage: readonly string[];
  /** The cell picked in the table, outlined on the map. */
  selected: string | null;
  onSelect: (h3Cell: string) => void;
  summary: string;
};

/** The projection that fits the view of the cells and the members' area (cellsBounds), with room around it, into the map's box. */
function fitProjection([[south, west], [north, east]]: NonNullable<ReturnType<typeof cellsBounds>>) {
  return geoMercator().fitExtent(
    [
      [PADDING, PADDING],
      [WIDTH - PADDING, HEIGHT - PADDING],
    ],
    {
      type: 'MultiPoint',
      coordinates: [
        [west, south],
        [east, north],
      ],
    },
  );
}

/**
 * The association's cells as hexagons over a base map, in SVG: shaded by reports, the unserved demand hatched and
 * outlined in violet, the area its members cover shaded under them, over US state and county outlines (us-atlas),
 * which need no tile server (with MAP_TILE_URL the site shows tile-map.tsx instead). The picture is one image for
 * assistive technology, named by a summary; the table beside it has every figure and is the keyboard's way to a cell.
 * A pointer picks a cell here too.
 */
export default function CellMap({ cells, coverage, selected, onSelect, summary }: Props) {
  const hatchId = `unserved-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [outlines, setOutlines] = useState<Outlines>({ states: null, counties: null });

  useEffect(() => {
    const controller = new AbortController();
    // The outlines are a background: a map whose outlines cannot be fetched still shows its cells.
    void loadStateOutlines(controller.signal)
      .then((states) => {
        setOutlines((current) => ({ ...current, states }));
        return loadCountyOutlines(controller.signal);
      })
      .then((counties) => setOutlines((current) => ({ ...current, counties })))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const drawing = useMemo(() => {
    const bounds = cellsBounds([...cells.map((cell) => cell.h3Cell), ...coverage]);
    if (!bounds) return null;
    const projection = fitProjection(bounds);
    projection.clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
    const path = geoPath(projection);
    const hexagon = (h3Cell: string) => {
      const ring = cellPolygon(h3Cell).coordinates[0] ?? [];
      const points = ring.map((point): [number, number] => projection([point[0] ?? 0, point[1] ?? 0]) ?? [0, 0]);
      return `M${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join('L')}Z`;
    };
    // Projected ring by ring (as the hexagons are), not through geoPath: d3-geo reads rings wound as RFC 7946 (and
    // h3-js) wind them as the rest of the globe. Holes are cut by the even-odd rule.
    const covered = coverageOutline(coverage)
      .coordinates.flat()
      .map((ring) => `M${ring.map((point) => (projection([point[0] ?? 0, point[1] ?? 0]) ?? [0, 0]).map((value) => value.toFixed(1)).join(',')).join('L')}Z`)
      .join('');
    return {
      path,
      covered,
      hexagons: cells.map((cell) => ({ cell, d: hexagon(cell.h3Cell), centre: projection(cellCentre(cell.h3Cell)) ?? [0, 0] })),
    };
  }, [cells, coverage]);

  if (!drawing) return null;
  const { path, covered, hexagons } = drawing;

  return (
    <Figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} data-testid="association-map">
        <defs>
          <pattern id={hatchId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="6" stroke={UNSERVED_COLOUR} strokeWidth="2" />
          </pattern>
        </defs>
        <rect width={WIDTH} height={HEIGHT} fill="#f4f1ea" />
        {outlines.counties && <path d={path(outlines.counties) ?? ''} fill="none" stroke="#c9bfae" strokeWidth="0.6" />}
        {outlines.states && <path d={path(outlines.states) ?? ''} fill="none" stroke="#8c8170" strokeWidth="1.2" />}
        {covered && (
          <path d={covered} data-testid="member-coverage" fill={COVERAGE_FILL} fillOpacity={0.35} fillRule="evenodd" stroke={COVERAGE_STROKE} strokeWidth="1.5" />
        )}
        {hexagons.map(({ cell, d }) => (
          <g key={cell.h3Cell} data-testid="map-cell" data-cell={cell.h3Cell} onClick={() => onSelect(cell.h3Cell)}>
            <title>{describeCell(cell)}</title>
            <path d={d} fill={hasAny(cell.reports) ? reportBand(cell.reports).fill : 'none'} stroke={CELL_STROKE} strokeWidth="0.8" />
            {hasAny(cell.unserved) && (
              <path d={d} data-unserved="true" fill={`url(#${hatchId})`} fillOpacity="0.6" stroke={UNSERVED_COLOUR} strokeWidth="2" strokeDasharray="4 2" />
            )}
          </g>
        ))}
        {hexagons
          .filter(({ cell }) => cell.h3Cell === selected)
          .map(({ cell, d }) => (
            <path key={cell.h3Cell} d={d} fill="none" stroke={SELECTED_STROKE} strokeWidth="3" data-testid="map-cell-selected" />
          ))}
      </svg>
      <MapLegend coverage={coverage.length > 0} />
      <Attribution>Outlines: US Census Bureau (us-atlas)</Attribution>
    </Figure>
  );
}

const Figure = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;

  svg {
    display: block;
    width: 100%;
    height: auto;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.small};
  }
`;

const Attribution = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.mutedText};
`;
