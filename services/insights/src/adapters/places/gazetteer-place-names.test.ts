import { latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { GazetteerPlaceNames } from './gazetteer-place-names.js';

const cellAt = (latitude: number, longitude: number) => latLngToCell(latitude, longitude, 7);

describe('GazetteerPlaceNames', () => {
  const places = new GazetteerPlaceNames([
    { name: 'Portland, OR, USA', latitude: 45.5152, longitude: -122.6784 },
    { name: 'Salem, OR, USA', latitude: 44.9429, longitude: -123.0351 },
  ]);

  it('names a cell by the nearest known town, without the country', () => {
    expect(places.nearTo(cellAt(45.45, -122.7))).toBe('Portland, OR');
    expect(places.nearTo(cellAt(45.0, -123.0))).toBe('Salem, OR');
  });

  it('leaves a cell unnamed when no known town lies within 50 km', () => {
    expect(places.nearTo(cellAt(44.0, -121.3))).toBeUndefined();
  });

  it('names cells from the bundled gazetteer by default', () => {
    expect(new GazetteerPlaceNames().nearTo(cellAt(45.52, -122.68))).toBe('Portland, OR');
  });
});
