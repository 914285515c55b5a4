/** A point on the earth in WGS 84 degrees. */
export type GeoPoint = { latitude: number; longitude: number };

/** Mean earth radius in miles (IUGG), the radius MongoDB's spherical queries are converted with as well. */
export const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle distance in miles (haversine), accurate to well under a percent at the ranges members use. */
export function distanceInMiles(from: GeoPoint, to: GeoPoint): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const deltaLatitude = toRadians(to.latitude - from.latitude);
  const deltaLongitude = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(deltaLatitude / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(deltaLongitude / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function isValidGeoPoint(point: GeoPoint): boolean {
  return (
    Number.isFinite(point.latitude) &&
    Number.isFinite(point.longitude) &&
    Math.abs(point.latitude) <= 90 &&
    Math.abs(point.longitude) <= 180
  );
}

/** A latitude/longitude rectangle; a search box crossing the antimeridian is two of them. */
export type GeoBox = { minLatitude: number; maxLatitude: number; minLongitude: number; maxLongitude: number };

const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);
/** Widens the box a little, so rounding never leaves out a point the exact distance would keep. */
const BOX_SLACK = 1.001;

/**
 * Rectangles that together hold every point within `radiusMiles` of `center`: an indexed range query on latitude and
 * longitude finds the candidates, and the exact great-circle distance decides. Near a pole the box spans every
 * longitude; across the antimeridian it is split in two.
 */
export function boxesAround(center: GeoPoint, radiusMiles: number): GeoBox[] {
  const latitudeDelta = radiusMiles * DEGREES_PER_MILE * BOX_SLACK;
  const minLatitude = Math.max(-90, center.latitude - latitudeDelta);
  const maxLatitude = Math.min(90, center.latitude + latitudeDelta);
  const widestLatitude = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const cosine = Math.cos((widestLatitude * Math.PI) / 180);
  const longitudeDelta = cosine > 1e-9 ? latitudeDelta / cosine : 360;
  if (widestLatitude >= 90 || longitudeDelta >= 180) return [{ minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 }];
  const west = center.longitude - longitudeDelta;
  const east = center.longitude + longitudeDelta;
  if (west < -180) {
    return [
      { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: east },
      { minLatitude, maxLatitude, minLongitude: west + 360, maxLongitude: 180 },
    ];
  }
  if (east > 180) {
    return [
      { minLatitude, maxLatitude, minLongitude: west, maxLongitude: 180 },
      { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: east - 360 },
    ];
  }
  return [{ minLatitude, maxLatitude, minLongitude: west, maxLongitude: east }];
}

/**
 * A lower bound of the distance from `point` to every point of `box`, in distanceInMiles' measure. The haversine of a
 * distance is hav(Δlatitude) + cos(latitude₁)·cos(latitude₂)·hav(Δlongitude); each term is taken at its least over
 * the box (the nearest latitude, the nearest longitude, the box's smaller cosine), so no point of the box is nearer.
 */
export function leastDistanceInMiles(point: GeoPoint, box: GeoBox): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const latitudeGap = Math.max(0, box.minLatitude - point.latitude, point.latitude - box.maxLatitude);
  const longitudeGap = point.longitude >= box.minLongitude && point.longitude <= box.maxLongitude ? 0 : Math.min(arc(point.longitude - box.minLongitude), arc(point.longitude - box.maxLongitude));
  const leastCosine = Math.max(0, Math.min(Math.cos(toRadians(box.minLatitude)), Math.cos(toRadians(box.maxLatitude))));
  const a = Math.sin(toRadians(latitudeGap) / 2) ** 2 + Math.cos(toRadians(point.latitude)) * leastCosine * Math.sin(toRadians(longitudeGap) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The shorter way round between two longitudes `difference` degrees apart, in [0, 180]. */
function arc(difference: number): number {
  const around = ((difference % 360) + 360) % 360;
  return Math.min(around, 360 - around);
}

export function isInBox(point: GeoPoint, box: GeoBox): boolean {
  return (
    point.latitude >= box.minLatitude && point.latitude <= box.maxLatitude && point.longitude >= box.minLongitude && point.longitude <= box.maxLongitude
  );
}
