import { cellToBoundary } from 'h3-js';
import type { MultiPolygon } from 'geojson';
import type { LatLngPair } from './cell-geometry';
import type { MapCell } from '../api/get-association-map';
import { CELL_STROKE, COVERAGE_FILL, COVERAGE_STROKE, hasAny, reportBand, SELECTED_STROKE, UNSERVED_COLOUR } from './map-figures';

/** A cell's hexagon for Leaflet: its six corners as [latitude, longitude] (h3-js's own order), the ring left open. */
export function cellRing(h3Cell: string): LatLngPair[] {
  return cellToBoundary(h3Cell).map(([lat, lng]): LatLngPair => [lat, lng]);
}

/** A GeoJSON MultiPolygon ([longitude, latitude]) as Leaflet takes one: polygons of rings of [latitude, longitude]. */
export const leafletPolygons = (outline: MultiPolygon): LatLngPair[][][] =>
  outline.coordinates.map((polygon) => polygon.map((ring) => ring.map(([lng = 0, lat = 0]): LatLngPair => [lat, lng])));

/** A raster tile layer (MAP_TILE_URL, MAP_TILE_ATTRIBUTION): an XYZ template and the provider's credit, plain text. */
export type TileLayer = { url: string; attribution: string };

/** Leaflet path options: the subset of L.PathOptions the map sets. */
export type CellStyle = {
  stroke: boolean;
  color: string;
  weight: number;
  dashArray?: string;
  fill: boolean;
  fillRule?: 'evenodd' | 'nonzero';
  fillColor?: string;
  fillOpacity: number;
  interactive: boolean;
};

/**
 * The cell's hexagon as the base map draws it, over tiles: shaded by its reports' band, a little transparent so the
 * tiles show through. A cell without reports is filled too, fully transparent, so a tap anywhere inside picks it.
 */
export function cellStyle(cell: MapCell): CellStyle {
  const shaded = hasAny(cell.reports);
  return { stroke: true, color: CELL_STROKE, weight: 0.8, fill: true, fillColor: shaded ? reportBand(cell.reports).fill : '#ffffff', fillOpacity: shaded ? 0.75 : 0, interactive: true };
}

/** The unserved demand over a cell, null where there is none: hatched (the pattern's id) with a dashed violet outline. */
export function unservedStyle(cell: MapCell, hatchId: string): CellStyle | null {
  if (!hasAny(cell.unserved)) return null;
  return { stroke: true, color: UNSERVED_COLOUR, weight: 2, dashArray: '4 2', fill: true, fillColor: `url(#${hatchId})`, fillOpacity: 0.6, interactive: true };
}

/** The area the members cover, under the cells, as the base map shades it; its holes cut by the even-odd rule. */
export const COVERAGE_STYLE: CellStyle = {
  stroke: true,
  color: COVERAGE_STROKE,
  weight: 1.5,
  fill: true,
  fillColor: COVERAGE_FILL,
  fillOpacity: 0.35,
  fillRule: 'evenodd',
  interactive: false,
};

/** The outline of the cell picked in the table. */
export const SELECTED_STYLE: CellStyle = { stroke: true, color: SELECTED_STROKE, weight: 3, fill: false, fillOpacity: 0, interactive: false };

/**
 * The tile template as Leaflet fills it, matched to what the gateway allows: {s} only ever 'a' (the one subdomain the
 * Content-Security-Policy admits) and {r} always empty (a retina suffix the tile server may not have).
 */
export const leafletTileTemplate = (template: string): string => template.replaceAll('{r}', '');
export const TILE_SUBDOMAINS = 'a';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Leaflet writes attributions as HTML: the configured credit is plain text, so it is shown as such, never as markup. */
export const attributionHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
