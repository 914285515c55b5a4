import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { cellsBounds } from './cell-geometry';
import { attributionHtml, cellRing, leafletTileTemplate } from './tile-map-cells';

describe('the tile map\'s cells', () => {
  const portland = latLngToCell(45.52, -122.68, 7);
  const vancouver = latLngToCell(45.64, -122.66, 7);
  const gresham = latLngToCell(45.5, -122.43, 7);

  it('gives a cell\'s six corners as [latitude, longitude], around its centre', () => {
    const ring = cellRing(portland);
    expect(ring).toHaveLength(6);
    for (const [lat, lng] of ring) {
      expect(lat).toBeCloseTo(45.52, 1);
      expect(lng).toBeCloseTo(-122.68, 1);
    }
  });

  it('fits every corner of every cell, and no cell is shown across the whole map', () => {
    const [[south, west], [north, east]] = cellsBounds([portland, vancouver, gresham])!;
    for (const [lat, lng] of [portland, vancouver, gresham].flatMap(cellRing)) {
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThanOrEqual(east);
    }

    const [[oneSouth, oneWest], [oneNorth, oneEast]] = cellsBounds([portland])!;
    expect(oneNorth - oneSouth).toBeCloseTo(0.2, 6);
    expect(oneEast - oneWest).toBeCloseTo(0.3, 6);
    expect((oneNorth + oneSouth) / 2).toBeCloseTo(45.52, 1);
    expect(cellsBounds([])).toBeNull();
  });

  it('fills the template as the gateway allows: {s} left to Leaflet, {r} always empty', () => {
    expect(leafletTileTemplate('https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png')).toBe('https://{s}.tiles.example.org/{z}/{x}/{y}.png');
  });

  it('turns the configured credit into HTML that shows it as written', () => {
    expect(attributionHtml('© A & B <img src=x onerror="alert(1)"> \'q\'')).toBe('© A &amp; B &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &#39;q&#39;');
  });
});
