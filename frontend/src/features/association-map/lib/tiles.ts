/** One raster tile placed in the map's SVG: where its top-left corner falls and how wide it is drawn. */
export type PlacedTile = { key: string; href: string; x: number; y: number; size: number };

const MAX_ZOOM = 19;
const TILE_PIXELS = 256;

/** Fills a tile template: {z}, {x}, {y}, and {s} (the first subdomain, 'a'); {r} (retina suffix) becomes ''. */
export const tileHref = (template: string, z: number, x: number, y: number): string =>
  template.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y)).replaceAll('{s}', 'a').replaceAll('{r}', '');

/**
 * The Web Mercator (XYZ, "slippy map") tiles that cover a width × height view of a d3 geoMercator projection with the
 * given scale (pixels per radian) and world origin (where longitude −180°, latitude 85.05° lands). The zoom is the
 * one whose tiles are nearest 256 px at this scale; they are drawn scaled to fit exactly.
 */
export function tilesFor(template: string, view: { width: number; height: number; scale: number; originX: number; originY: number }): PlacedTile[] {
  const worldPixels = 2 * Math.PI * view.scale;
  const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(Math.log2(worldPixels / TILE_PIXELS))));
  const count = 2 ** z;
  const size = worldPixels / count;
  const first = (origin: number) => Math.max(0, Math.floor((0 - origin) / size));
  const last = (origin: number, extent: number) => Math.min(count - 1, Math.floor((extent - origin) / size));
  const tiles: PlacedTile[] = [];
  for (let x = first(view.originX); x <= last(view.originX, view.width); x += 1) {
    for (let y = first(view.originY); y <= last(view.originY, view.height); y += 1) {
      tiles.push({ key: `${z}/${x}/${y}`, href: tileHref(template, z, x, y), x: view.originX + x * size, y: view.originY + y * size, size });
    }
  }
  return tiles;
}
