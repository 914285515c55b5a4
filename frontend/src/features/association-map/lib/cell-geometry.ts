import { cellsToMultiPolygon, cellToBoundary, cellToLatLng } from 'h3-js';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { AssociationMap, MapCell } from '../api/get-association-map';

export type CellProperties = Omit<MapCell, 'outcomes'> & {
  claimed: number | null;
  expired: number | null;
  departed: number | null;
  markedBad: number | null;
  open: number | null;
};

/**
 * A cell's hexagon as a GeoJSON polygon: [longitude, latitude] pairs, counter-clockwise, the ring closed by repeating
 * its first point (RFC 7946). h3-js answers [lat, lng] unless asked for GeoJSON order.
 */
export function cellPolygon(h3Cell: string): Polygon {
  const ring = cellToBoundary(h3Cell, true);
  const first = ring[0];
  const last = ring.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The cell's centre, [longitude, latitude]. */
export function cellCentre(h3Cell: string): [number, number] {
  const [lat, lng] = cellToLatLng(h3Cell);
  return [lng, lat];
}

/** A point as Leaflet takes it: [latitude, longitude]. */
export type LatLngPair = [number, number];

/** The least a map shows around its cells, in degrees: a single cell is not drawn across the whole map. */
const MIN_SPAN = { lng: 0.3, lat: 0.2 };

/**
 * The view that holds every one of the H3 cells, widened about its middle to at least MIN_SPAN:
 * [[south, west], [north, east]]; null without any cell. Both drawings fit it.
 */
export function cellsBounds(h3Cells: readonly string[]): [LatLngPair, LatLngPair] | null {
  if (h3Cells.length === 0) return null;
  const points = h3Cells.flatMap((h3Cell) => cellToBoundary(h3Cell));
  const lats = points.map(([lat]) => lat);
  const lngs = points.map(([, lng]) => lng);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const [midLat, midLng] = [(south + north) / 2, (west + east) / 2];
  const halfLat = Math.max(north - south, MIN_SPAN.lat) / 2;
  const halfLng = Math.max(east - west, MIN_SPAN.lng) / 2;
  return [
    [midLat - halfLat, midLng - halfLng],
    [midLat + halfLat, midLng + halfLng],
  ];
}

export function cellFeature(cell: MapCell): Feature<Polygon, CellProperties> {
  const { outcomes, ...figures } = cell;
  return {
    type: 'Feature',
    id: cell.h3Cell,
    geometry: cellPolygon(cell.h3Cell),
    properties: {
      ...figures,
      claimed: outcomes?.claimed ?? null,
      expired: outcomes?.expired ?? null,
      departed: outcomes?.departed ?? null,
      markedBad: outcomes?.markedBad ?? null,
      open: outcomes?.open ?? null,
    },
  };
}

/**
 * The outline of the area the members cover: the covered cells merged into polygons, [longitude, latitude], each ring
 * closed, holes after their outer ring (RFC 7946 order, as h3-js gives it).
 */
export function coverageOutline(cells: readonly string[]): MultiPolygon {
  return { type: 'MultiPolygon', coordinates: cells.length === 0 ? [] : cellsToMultiPolygon([...cells], true) };
}

export type CoverageProperties = { layer: 'member-coverage'; resolution: number; areaKm2: number; membersWithHome: number; membersWithoutHome: number };

/** The members' area as one feature: its outline, with its area and how many members could be placed. */
export function coverageFeature(coverage: AssociationMap['coverage']): Feature<MultiPolygon, CoverageProperties> {
  return {
    type: 'Feature',
    id: 'member-coverage',
    geometry: coverageOutline(coverage.cells),
    properties: {
      layer: 'member-coverage',
      resolution: coverage.resolution,
      areaKm2: coverage.areaKm2,
      membersWithHome: coverage.membersWithHome,
      membersWithoutHome: coverage.membersWithoutHome,
    },
  };
}

/**
 * The association's cells as a GeoJSON FeatureCollection, each hexagon with the map's figures (fewer than 3 kept as
 * such), and, when its members cover any, the outline of the area they cover as a feature of its own.
 */
export function cellsGeoJson(
  map: AssociationMap,
): FeatureCollection<Polygon | MultiPolygon, CellProperties | CoverageProperties> & { properties: Record<string, unknown> } {
  return {
    type: 'FeatureCollection',
    properties: { companyId: map.companyId, since: map.since, until: map.until, resolution: map.resolution },
    features: [...map.cells.map(cellFeature), ...(map.coverage.cells.length > 0 ? [coverageFeature(map.coverage)] : [])],
  };
}
