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
