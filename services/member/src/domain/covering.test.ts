import { describe, expect, it } from 'vitest';
import { defaultAvailability, type Availability } from './availability.js';
import { coverageOf, searchRadiusMiles } from './covering.js';
import { distanceInMiles, type GeoPoint } from './geo.js';

const SWARM: GeoPoint = { latitude: 45.5152, longitude: -122.6784 };
/** Due north of the swarm, so the distance is exact to well under a thousandth of a mile. */
const northOf = (miles: number): GeoPoint => ({ latitude: SWARM.latitude + miles / 69.0934, longitude: SWARM.longitude });

const memberAt = (miles: number | undefined, availability: Partial<Availability> = {}) => ({
  home: miles === undefined ? undefined : northOf(miles),
  availability: { ...defaultAvailability(), rangeInMiles: 10, extraMiles: 5, ...availability },
});

/** The distance the adapters compare with: the great-circle one, so the edge cases below sit exactly on the edge. */
const exactly = (miles: number) => distanceInMiles(northOf(miles), SWARM);

describe('coverageOf', () => {
  it('covers within the range, as regular coverage, with the distance', () => {
    const coverage = coverageOf(memberAt(4), SWARM, 5);
    expect(coverage?.wider).toBe(false);
    expect(coverage?.distanceMiles).toBeCloseTo(4, 3);
  });

  it('covers exactly at the range as regular coverage, also when asked for wider coverage', () => {
    const member = { ...memberAt(10), availability: { ...memberAt(10).availability, rangeInMiles: exactly(10) } };
    expect(coverageOf(member, SWARM, 5)?.wider).toBe(false);
    expect(coverageOf(member, SWARM, 5, true)?.wider).toBe(false);
  });

  it('covers beyond the range and up to range + extra miles only when asked, marked wider', () => {
    expect(coverageOf(memberAt(12), SWARM, 5)).toBeUndefined();
    const wider = coverageOf(memberAt(12), SWARM, 5, true);
    expect(wider?.wider).toBe(true);
    expect(wider?.distanceMiles).toBeCloseTo(12, 3);
  });

  it('covers exactly at range + extra miles as wider', () => {
    const member = { ...memberAt(15), availability: { ...memberAt(15).availability, rangeInMiles: 10, extraMiles: exactly(15) - 10 } };
    expect(coverageOf(member, SWARM, 5, true)?.wider).toBe(true);
  });

  it('does not cover beyond range + extra miles', () => {
    expect(coverageOf(memberAt(15.01), SWARM, 5, true)).toBeUndefined();
  });

  it('gives no wider coverage to a member with extra miles off', () => {
    expect(coverageOf(memberAt(10.5, { extraMiles: 0 }), SWARM, 5, true)).toBeUndefined();
  });

  it('applies the height limit to wider coverage as to regular coverage', () => {
    expect(coverageOf(memberAt(12, { elevationMaximumFeet: 20 }), SWARM, 20, true)?.wider).toBe(true);
    expect(coverageOf(memberAt(12, { elevationMaximumFeet: 20 }), SWARM, 21, true)).toBeUndefined();
    expect(coverageOf(memberAt(4, { elevationMaximumFeet: 20 }), SWARM, 21)).toBeUndefined();
  });

  it('never covers for a member without a home', () => {
    expect(coverageOf(memberAt(undefined, { rangeInMiles: 25, extraMiles: 25 }), SWARM, 0, true)).toBeUndefined();
  });
});

describe('searchRadiusMiles', () => {
  it('is the longest range, and with wider coverage the longest range plus the most extra miles', () => {
    expect(searchRadiusMiles(false)).toBe(25);
    expect(searchRadiusMiles(true)).toBe(50);
  });
});
