import { cellArea, cellToBoundary, cellToLatLng, greatCircleDistance, gridDisk, latLngToCell, UNITS } from 'h3-js';

/**
 * H3 resolution of a member's home as insights keeps it, and of the covered area it answers: about 36 km² a cell, so a
 * home is known to within some 4 km and no address can be read from it. Resolution 5 (250 km²) would be coarser, but
 * a cell of it is larger than the circle of the default 5-mile range (200 km²): most members would cover one cell.
 */
export const COVERAGE_RESOLUTION = 6;

const KM_PER_MILE = 1.609344;

/**
 * What insights keeps of a member to draw the area the association's members cover: the cell of their home at
 * COVERAGE_RESOLUTION and their alert range, as of the member's `version` (member.changed). No home (no address given):
 * `home` is absent. Never the exact home, the address, a name, a phone or an email.
 */
export type MemberReach = { memberId: string; version: number; home?: { h3Cell: string; rangeInMiles: number } };

/** The coarse cell of a home; undefined for a point that is not one. */
export function coarseHomeCell(point: { latitude: number; longitude: number } | undefined): string | undefined {
  if (!point) return undefined;
  const { latitude, longitude } = point;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return latLngToCell(latitude, longitude, COVERAGE_RESOLUTION);
}

/**
 * How many rings around a cell certainly hold every point within `rangeKm` of its centre. With hexagons of
 * circumradius e (centre to corner), the k rings around a cell form a larger, jagged hexagon whose nearest boundary
 * point is (1.5k + 0.5)·e from the centre; e is measured on the cell itself (the shortest corner), as H3 cells vary in
 * size over the globe.
 */
export function ringsCovering(cell: string, rangeKm: number): number {
  const centre = cellToLatLng(cell);
  const circumradius = Math.min(...cellToBoundary(cell).map((corner) => greatCircleDistance(centre, corner, UNITS.km)));
  return Math.max(0, Math.ceil((rangeKm / circumradius - 0.5) / 1.5));
}

/**
 * The cells a member with a home in `homeCell` covers: those of the disk around it (see ringsCovering) whose centre
 * lies within the range of the home cell's centre, and the home cell itself. Two approximations, both the price of
 * keeping no exact home: the home is taken at its cell's centre (at most one corner away, ~4 km), and
 * a cell counts whole when its centre is in range, so the area is the range's circle to within a ring of cells either
 * way, rather than the whole disk's, which would overstate it up to twice.
 */
export function cellsCoveredFrom(homeCell: string, rangeInMiles: number): string[] {
  const rangeKm = Math.max(0, rangeInMiles) * KM_PER_MILE;
  const centre = cellToLatLng(homeCell);
  return gridDisk(homeCell, ringsCovering(homeCell, rangeKm)).filter((cell) => cell === homeCell || greatCircleDistance(centre, cellToLatLng(cell), UNITS.km) <= rangeKm);
}

/** The area covered by an association's active members, and how many of them could be placed. */
export type CoveredArea = { h3Cells: string[]; areaKm2: number; membersWithHome: number; membersWithoutHome: number };

/**
 * The union of the cells each member covers (see cellsCoveredFrom), sorted, with its area. `members` are the
 * association's active members as insights knows them; a member without a home covers nothing and is counted apart.
 */
export function coveredArea(members: readonly Pick<MemberReach, 'home'>[]): CoveredArea {
  const cells = new Set<string>();
  // Members sharing a home cell and a range cover the same cells: each such pair is worked out once.
  const done = new Set<string>();
  let membersWithHome = 0;
  for (const { home } of members) {
    if (!home) continue;
    membersWithHome += 1;
    const key = `${home.h3Cell}|${home.rangeInMiles}`;
    if (done.has(key)) continue;
    done.add(key);
    for (const cell of cellsCoveredFrom(home.h3Cell, home.rangeInMiles)) cells.add(cell);
  }
  const h3Cells = [...cells].sort();
  const areaKm2 = h3Cells.reduce((sum, cell) => sum + cellArea(cell, UNITS.km2), 0);
  return { h3Cells, areaKm2, membersWithHome, membersWithoutHome: members.length - membersWithHome };
}
