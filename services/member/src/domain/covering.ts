import type { Availability } from './availability.js';
import { distanceInMiles, type GeoPoint } from './geo.js';

/**
 * The distance from the member's home to the swarm when the member covers it (home within their own range, height
 * limit at least the swarm's height), undefined otherwise.
 */
export function coveringDistance(
  member: { home: GeoPoint | undefined; availability: Pick<Availability, 'rangeInMiles' | 'elevationMaximumFeet'> },
  point: GeoPoint,
  heightFeet: number,
): number | undefined {
  if (!member.home || member.availability.elevationMaximumFeet < heightFeet) return undefined;
  const distance = distanceInMiles(member.home, point);
  return distance <= member.availability.rangeInMiles ? distance : undefined;
}
