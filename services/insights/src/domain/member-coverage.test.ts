import { cellToLatLng, getResolution, gridDisk, latLngToCell } from 'h3-js';
import { describe, expect, it } from 'vitest';
import { cellsCoveredFrom, coarseHomeCell, COVERAGE_RESOLUTION, coveredArea, ringsCovering } from './member-coverage.js';

const KM_PER_MILE = 1.609344;
const EARTH_RADIUS_KM = 6371.0088;
const SAN_DIEGO = { latitude: 32.7157, longitude: -117.1611 };
const PORTLAND = { latitude: 45.5152, longitude: -122.6784 };

/** The point `km` from (lat, lng) along `bearing` degrees, on the sphere. */
function destination([lat, lng]: [number, number], km: number, bearing: number): [number, number] {
  const rad = Math.PI / 180;
  const [φ1, λ1, θ, δ] = [lat * rad, lng * rad, bearing * rad, km / EARTH_RADIUS_KM];
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return [φ2 / rad, λ2 / rad];
}

describe('the coarse home', () => {
  it('is the resolution-6 cell of the home, and none for a point that is not one', () => {
    const cell = coarseHomeCell(SAN_DIEGO);
    expect(cell).toBe(latLngToCell(SAN_DIEGO.latitude, SAN_DIEGO.longitude, 6));
    expect(COVERAGE_RESOLUTION).toBe(6);
    expect(getResolution(cell ?? '')).toBe(COVERAGE_RESOLUTION);
    expect(coarseHomeCell(undefined)).toBeUndefined();
    expect(coarseHomeCell({ latitude: 91, longitude: 0 })).toBeUndefined();
    expect(coarseHomeCell({ latitude: Number.NaN, longitude: 0 })).toBeUndefined();
  });
});

describe('the disk around a home', () => {
  it.each([1, 5, 10, 17.5, 25])('holds every point within %s miles of the home cell centre', (miles) => {
    const home = coarseHomeCell(PORTLAND) ?? '';
    const rangeKm = miles * KM_PER_MILE;
    const disk = new Set(gridDisk(home, ringsCovering(home, rangeKm)));
    const centre = cellToLatLng(home);
    const outside = Array.from({ length: 360 }, (_, degree) => destination(centre, rangeKm, degree)).filter(
      ([lat, lng]) => !disk.has(latLngToCell(lat, lng, COVERAGE_RESOLUTION)),
    );
    expect(outside).toEqual([]);
  });

  it('grows with the range, and is the home cell alone for none', () => {
    const home = coarseHomeCell(SAN_DIEGO) ?? '';
    expect(ringsCovering(home, 0)).toBe(0);
    const rings = [5, 10, 25].map((miles) => ringsCovering(home, miles * KM_PER_MILE));
    expect(rings).toEqual([...rings].sort((a, b) => a - b));
    expect(rings[0]).toBeGreaterThan(0);
    // A 25-mile range (40 km) around cells some 3.8 km from centre to corner: about seven rings, not dozens.
    expect(rings[2]).toBeLessThanOrEqual(8);
  });
});

describe('the cells a member covers', () => {
  it('are the home cell and the cells whose centre lies in range: an area near the range circle', () => {
    const home = coarseHomeCell(SAN_DIEGO) ?? '';
    expect(cellsCoveredFrom(home, 0)).toEqual([home]);
    for (const miles of [5, 10, 25]) {
      const cells = cellsCoveredFrom(home, miles);
      expect(cells).toContain(home);
      expect(cells.every((cell) => getResolution(cell) === COVERAGE_RESOLUTION)).toBe(true);
      const circleKm2 = Math.PI * (miles * KM_PER_MILE) ** 2;
      expect(coveredArea([{ home: { h3Cell: home, rangeInMiles: miles } }]).areaKm2 / circleKm2).toBeGreaterThan(0.8);
      expect(coveredArea([{ home: { h3Cell: home, rangeInMiles: miles } }]).areaKm2 / circleKm2).toBeLessThan(1.5);
    }
    expect(cellsCoveredFrom(home, 25).length).toBeGreaterThan(cellsCoveredFrom(home, 5).length);
  });
});

describe('the area an association covers', () => {
  const sanDiego = coarseHomeCell(SAN_DIEGO) ?? '';
  const portland = coarseHomeCell(PORTLAND) ?? '';
  const nextDoor = gridDisk(sanDiego, 1).find((cell) => cell !== sanDiego) ?? '';

  it('is the union of its members cells, each cell once, sorted, with its area', () => {
    const one = cellsCoveredFrom(sanDiego, 5);
    const other = cellsCoveredFrom(nextDoor, 5);
    const area = coveredArea([{ home: { h3Cell: sanDiego, rangeInMiles: 5 } }, { home: { h3Cell: nextDoor, rangeInMiles: 5 } }]);
    expect(area.h3Cells).toEqual([...new Set([...one, ...other])].sort());
    expect(area.h3Cells.length).toBeLessThan(one.length + other.length);
    expect(area.areaKm2).toBeGreaterThan(coveredArea([{ home: { h3Cell: sanDiego, rangeInMiles: 5 } }]).areaKm2);
    expect(area).toMatchObject({ membersWithHome: 2, membersWithoutHome: 0 });
  });

  it('takes each member far apart as its own patch, and a member without a home covers nothing but is counted', () => {
    const area = coveredArea([{ home: { h3Cell: sanDiego, rangeInMiles: 5 } }, {}, { home: { h3Cell: portland, rangeInMiles: 5 } }, {}]);
    expect(area.h3Cells).toEqual([...cellsCoveredFrom(sanDiego, 5), ...cellsCoveredFrom(portland, 5)].sort());
    expect(area).toMatchObject({ membersWithHome: 2, membersWithoutHome: 2 });
  });

  it('is empty with no member, or none with a home', () => {
    expect(coveredArea([])).toEqual({ h3Cells: [], areaKm2: 0, membersWithHome: 0, membersWithoutHome: 0 });
    expect(coveredArea([{}, {}])).toEqual({ h3Cells: [], areaKm2: 0, membersWithHome: 0, membersWithoutHome: 2 });
  });
});
