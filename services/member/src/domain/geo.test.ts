import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxesAround, distanceInMiles, isInBox, leastDistanceInMiles, type GeoPoint } from './geo.js';

const point = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('leastDistanceInMiles', () => {
  const box = fc
    .record({ latitude: fc.double({ min: -90, max: 89.5, noNaN: true }), longitude: fc.double({ min: -180, max: 179.5, noNaN: true }), size: fc.double({ min: 0.01, max: 0.5, noNaN: true }) })
    .map(({ latitude, longitude, size }) => ({ minLatitude: latitude, maxLatitude: latitude + size, minLongitude: longitude, maxLongitude: longitude + size }));
  const fraction = fc.double({ min: 0, max: 1, noNaN: true });

  it('is never more than the distance to any point of the box, anywhere on earth (poles and antimeridian included)', () => {
    fc.assert(
      fc.property(point, box, fraction, fraction, (from, area, across, up) => {
        const inside = { latitude: area.minLatitude + up * (area.maxLatitude - area.minLatitude), longitude: area.minLongitude + across * (area.maxLongitude - area.minLongitude) };
        expect(leastDistanceInMiles(from, area)).toBeLessThanOrEqual(distanceInMiles(from, inside) + 1e-9);
      }),
      { numRuns: 5_000 },
    );
  });

  it('is 0 inside the box and close to the true distance beside it', () => {
    const area = { minLatitude: 44.5, maxLatitude: 45, minLongitude: -123.5, maxLongitude: -123 };
    expect(leastDistanceInMiles({ latitude: 44.7, longitude: -123.2 }, area)).toBe(0);
    // Eugene, south of a Corvallis cell: the gap is the latitudes' alone.
    const eugene = { latitude: 44.0521, longitude: -123.0868 };
    expect(leastDistanceInMiles(eugene, area)).toBeCloseTo(distanceInMiles(eugene, { latitude: 44.5, longitude: -123.0868 }), 6);
    // Across the antimeridian the shorter way round counts.
    expect(leastDistanceInMiles({ latitude: 0, longitude: 179.9 }, { minLatitude: -0.5, maxLatitude: 0.5, minLongitude: -180, maxLongitude: -179.5 })).toBeCloseTo(6.9, 1);
  });
});

describe('boxesAround', () => {
  it('holds every point within the radius, anywhere on earth (poles and antimeridian included)', () => {
    fc.assert(
      fc.property(point, point, fc.double({ min: 0.1, max: 30, noNaN: true }), (center, other, radius) => {
        fc.pre(distanceInMiles(center, other) <= radius);
        expect(boxesAround(center, radius).some((box) => isInBox(other, box))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('holds points just inside the radius in every direction', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 1, max: 25, noNaN: true }), (center, bearing, radius) => {
        const target = destination(center, bearing, radius * 0.999);
        expect(boxesAround(center, radius).some((box) => isInBox(target, box))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('is one narrow box away from the poles and the antimeridian, two across it', () => {
    const portland = boxesAround({ latitude: 45.5152, longitude: -122.6784 }, 25);
    expect(portland).toHaveLength(1);
    expect(portland[0]!.maxLatitude - portland[0]!.minLatitude).toBeCloseTo(0.724, 2);
    expect(portland[0]!.maxLongitude - portland[0]!.minLongitude).toBeLessThan(1.1);
    expect(boxesAround({ latitude: 0, longitude: 179.99 }, 5)).toHaveLength(2);
    expect(boxesAround({ latitude: 89.9, longitude: 0 }, 25)[0]).toMatchObject({ minLongitude: -180, maxLongitude: 180 });
  });
});

/** The point `miles` away from `from` on the initial bearing `bearing` (radians), on the mean-radius sphere. */
function destination(from: GeoPoint, bearing: number, miles: number): GeoPoint {
  const angular = miles / 3958.7613;
  const latitude1 = (from.latitude * Math.PI) / 180;
  const longitude1 = (from.longitude * Math.PI) / 180;
  const latitude2 = Math.asin(Math.sin(latitude1) * Math.cos(angular) + Math.cos(latitude1) * Math.sin(angular) * Math.cos(bearing));
  const longitude2 = longitude1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(latitude1), Math.cos(angular) - Math.sin(latitude1) * Math.sin(latitude2));
  const longitude = ((((longitude2 * 180) / Math.PI + 540) % 360) - 180);
  return { latitude: (latitude2 * 180) / Math.PI, longitude };
}
