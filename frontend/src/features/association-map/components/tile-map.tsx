import 'leaflet/dist/leaflet.css';
import { Browser, latLngBounds, layerGroup, map as createMap, point, polygon, SVG, tileLayer, type LayerGroup, type Map as LeafletMap, type Polygon } from 'leaflet';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { MapCell } from '../api/get-association-map';
import { cellsBounds, coverageOutline } from '../lib/cell-geometry';
import { describeCell, UNSERVED_COLOUR } from '../lib/map-figures';
import {
  attributionHtml,
  cellRing,
  cellStyle,
  COVERAGE_STYLE,
  leafletPolygons,
  leafletTileTemplate,
  SELECTED_STYLE,
  TILE_SUBDOMAINS,
  unservedStyle,
  type TileLayer,
} from '../lib/tile-map-cells';
import { MapLegend } from './map-legend';

type Props = {
  cells: readonly MapCell[];
  /** The cells the association's members cover (coarser than the map's), shaded as one area under the cells. */
  coverage: readonly string[];
  /** The cell picked in the table (or on the map), outlined. */
  selected: string | null;
  onSelect: (h3Cell: string) => void;
  tiles: TileLayer;
  summary: string;
};

/** The zoom a map shows when it cannot fit its cells (a container without a size yet). */
const FALLBACK_ZOOM = 10;
/** Room left around the cells when the map fits them, in pixels. */
const PADDING = 24;
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Marks a cell's path in the overlay (what the tests and a pointer's tooltip read) once Leaflet has drawn it. */
function labelPath(layer: Polygon, attributes: Record<string, string>, title?: string) {
  const element = layer.getElement();
  if (!element) return;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (title) {
    const titleElement = document.createElementNS(SVG_NS, 'title');
    titleElement.textContent = title;
    element.append(titleElement);
  }
}

export const TILES_UNAVAILABLE = "The map's background could not be loaded from its tile server; the cells are drawn without it.";

/**
 * The association's cells over raster tiles from MAP_TILE_URL, as a Leaflet slippy map: panned and zoomed with two
 * fingers, the mouse (drag, double click, the buttons) or the keyboard (focus it, then the arrows and + / -), the provider's credit in Leaflet's attribution control. The
 * cells are drawn as the base map draws them (shaded by reports, the unserved demand hatched in violet, the picked
 * cell outlined, the members' area shaded under them) and a pointer picks one here too. The map is a region named by the summary; the table beside it
 * holds every figure and is the way to a cell without a pointer.
 */
export default function TileMap({ cells, coverage, selected, onSelect, tiles, summary }: Props) {
  const hatchId = `tile-map-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const cellsRef = useRef<LayerGroup | null>(null);
  const onSelectRef = useRef(onSelect);
  const [tilesUnavailable, setTilesUnavailable] = useState(false);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    // SVG rather than canvas: each cell a path of its own, with its title, that a click lands on. The map sits inside a
    // page that scrolls: one finger on a phone and the mouse wheel scroll the page, as on the rest of it; two fingers
    // pan and pinch the map, and the buttons, a double click and the keyboard zoom it.
    const map = createMap(element, { renderer: new SVG(), dragging: !Browser.mobile, scrollWheelZoom: false });
    const layer = tileLayer(leafletTileTemplate(tiles.url), { attribution: attributionHtml(tiles.attribution), subdomains: TILE_SUBDOMAINS, maxZoom: 19 }).addTo(map);
    // A tile server that answers none of a view's tiles leaves a blank background: said in words under the map.
    let loadedInView = 0;
    layer.on('loading', () => (loadedInView = 0));
    layer.on('tileload', () => {
      loadedInView += 1;
      setTilesUnavailable(false);
    });
    layer.on('tileerror', () => {
      if (loadedInView === 0) setTilesUnavailable(true);
    });
    mapRef.current = map;
    // Leaflet follows the window's size only; the map's box also changes with the page around it.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      mapRef.current = null;
      map.remove();
    };
  }, [tiles]);

  useEffect(() => {
    const map = mapRef.current;
    const corners = cellsBounds([...cells.map((cell) => cell.h3Cell), ...coverage]);
    if (!map || !corners) return undefined;
    const bounds = latLngBounds(corners);
    const zoom = map.getBoundsZoom(bounds, false, point(PADDING * 2, PADDING * 2));
    if (Number.isFinite(zoom)) map.fitBounds(bounds, { padding: [PADDING, PADDING], animate: false });
    else map.setView(bounds.getCenter(), FALLBACK_ZOOM, { animate: false });

    const group = layerGroup().addTo(map);
    if (coverage.length > 0) labelPath(polygon(leafletPolygons(coverageOutline(coverage)), COVERAGE_STYLE).addTo(group), { 'data-testid': 'member-coverage' });
    for (const cell of cells) {
      const ring = cellRing(cell.h3Cell);
      const pick = () => onSelectRef.current(cell.h3Cell);
      const hexagon = polygon(ring, cellStyle(cell)).on('click', pick).addTo(group);
      labelPath(hexagon, { 'data-testid': 'map-cell', 'data-cell': cell.h3Cell }, describeCell(cell));
      const unserved = unservedStyle(cell, hatchId);
      if (unserved) labelPath(polygon(ring, unserved).on('click', pick).addTo(group), { 'data-unserved': 'true' }, describeCell(cell));
    }
    cellsRef.current = group;
    return () => {
      group.remove();
      cellsRef.current = null;
    };
  }, [cells, coverage, tiles, hatchId]);

  useEffect(() => {
    const map = mapRef.current;
    const group = cellsRef.current;
    if (!map || !group || !selected || !cells.some((cell) => cell.h3Cell === selected)) return undefined;
    const outline = polygon(cellRing(selected), SELECTED_STYLE).addTo(group);
    labelPath(outline, { 'data-testid': 'map-cell-selected' });
    // A cell picked in the table while the map looks elsewhere is brought into view.
    if (!map.getBounds().contains(outline.getBounds())) map.panTo(outline.getBounds().getCenter());
    return () => {
      outline.remove();
    };
  }, [selected, cells, coverage, tiles, hatchId]);

  return (
    <Figure>
      {/* The hatch the unserved cells are filled with, referred to by id from Leaflet's own SVG. */}
      <svg width="0" height="0" aria-hidden="true" focusable="false" style={{ position: 'absolute' }}>
        <defs>
          <pattern id={hatchId} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <line x1="0" y1="0" x2="0" y2="6" stroke={UNSERVED_COLOUR} strokeWidth="2" />
          </pattern>
        </defs>
      </svg>
      <MapBox ref={container} role="region" aria-label={summary} aria-roledescription="map" tabIndex={0} data-testid="association-map" />
      {tilesUnavailable && <p role="status">{TILES_UNAVAILABLE}</p>}
      <MapLegend coverage={coverage.length > 0} />
    </Figure>
  );
}

const Figure = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const MapBox = styled.div`
  width: 100%;
  aspect-ratio: 3 / 2;
  min-height: 15rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  font: inherit;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  /* The zoom buttons as large as the site's other tap targets on a phone (Leaflet's own are 30 px). */
  &.leaflet-touch .leaflet-bar a {
    width: 44px;
    height: 44px;
    line-height: 44px;
  }

  /* The credit in the site's type, opaque: legible whatever the tiles under it. */
  .leaflet-control-attribution {
    font-size: ${({ theme }) => theme.fontSizes.small};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }

  .leaflet-control-attribution a {
    color: ${({ theme }) => theme.colors.link};
  }
`;
