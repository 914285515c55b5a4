import { MAX_EXTRA_MILES, MAX_RANGE_IN_MILES, type Availability } from './availability.js';
import { distanceInMiles, type GeoPoint } from './geo.js';

/** How a member covers a swarm: `wider` when only through their extra miles for unclaimed swarms. */
export type Coverage = { distanceMiles: number; wider: boolean };

/**
 * How the member covers a swarm at this point and height, or undefined when they do not. The height limit must be at
 * least the swarm's height; a home within the member's own range covers it, and, when `includeWider`, a home beyond
 * the range but within range + extra miles covers it as wider.
 */
export function coverageOf(
  member: { home: GeoPoint | undefined; availability: Pick<Availability, 'rangeInMiles' | 'elevationMaximumFeet' | 'extraMiles'> },
  point: GeoPoint,
  heightFeet: number,
  includeWider = false,
): Coverage | undefined {
  const { rangeInMiles, elevationMaximumFeet, extraMiles } = member.availability;
  if (!member.home || elevationMaximumFeet < heightFeet) return undefined;
  const distanceMiles = distanceInMiles(member.home, point);
  if (distanceMiles <= rangeInMiles) return { distanceMiles, wider: false };
  if (includeWider && distanceMiles <= rangeInMiles + extraMiles) return { distanceMiles, wider: true };
  return undefined;
}

/** How far from the swarm a covering member's home may lie at most: the longest range, plus the most extra miles. */
export function searchRadiusMiles(includeWider: boolean): number {
  return MAX_RANGE_IN_MILES + (includeWider ? MAX_EXTRA_MILES : 0);
}
