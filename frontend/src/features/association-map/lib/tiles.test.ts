import { geoMercator } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { tileHref, tilesFor } from './tiles';

describe('map tiles', () => {
  it('fills the template: {z}/{x}/{y}, the first subdomain for {s}, no retina suffix', () => {
    expect(tileHref('https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png', 12, 654, 1464)).toBe('https://a.tiles.example.org/12/654/1464.png');
  });

  it('covers the view with the tiles of the zoom nearest the scale, each where Web Mercator puts it', () => {
    // 2π·k = 256·2^12 world pixels: zoom 12 exactly, tiles of 256 px.
    const projection = geoMercator()
      .scale((256 * 2 ** 12) / (2 * Math.PI))
      .center([-122.68, 45.52])
      .translate([300, 200]);
    const [originX, originY] = projection([-180, 85.0511287798]) ?? [0, 0];
    const tiles = tilesFor('https://t.example.org/{z}/{x}/{y}.png', { width: 600, height: 400, scale: projection.scale(), originX, originY });

    expect(tiles.every((tile) => tile.key.startsWith('12/') && Math.abs(tile.size - 256) < 1e-6)).toBe(true);
    // Portland, Oregon is in tile 12/652/1465 (x = floor((lng + 180) / 360 · 4096), y from the Mercator latitude).
    const portland = tiles.find((tile) => tile.key === '12/652/1465');
    expect(portland?.href).toBe('https://t.example.org/12/652/1465.png');
    expect(portland!.x).toBeLessThanOrEqual(300);
    expect(portland!.x + 256).toBeGreaterThan(300);
    expect(portland!.y).toBeLessThanOrEqual(200);
    expect(portland!.y + 256).toBeGreaterThan(200);
    // The 600 × 400 view is covered: every pixel under some tile, none far outside.
    for (const [x, y] of [[0, 0], [599, 0], [0, 399], [599, 399]]) expect(tiles.some((tile) => tile.x <= x! && x! < tile.x + 256 && tile.y <= y! && y! < tile.y + 256)).toBe(true);
    expect(tiles.length).toBeLessThanOrEqual(12);
  });
});
