/** A place the address field may offer while the user types. */
export type PlaceSuggestion = { description: string; placeId: string };

export type ResolvedPlace = { formattedAddress: string; latitude: number; longitude: number };

/**
 * Address autocomplete and resolution. The report form and the member's information both send the text of a
 * suggestion the user picked (and may send its placeId); the service that keeps the address resolves it to
 * coordinates. A suggestion this geocoder made always resolves.
 */
export interface Geocoder {
  suggest(input: string): Promise<PlaceSuggestion[]>;
  /**
   * Undefined when the address is not one this geocoder can place (the form answers 422). Throws
   * GeocoderUnavailableError when the provider cannot be asked.
   */
  resolve(address: string, placeId?: string): Promise<ResolvedPlace | undefined>;
}

/** The geocoding provider did not answer or refused the request: a temporary failure, not a bad address. */
export class GeocoderUnavailableError extends Error {
  override readonly name = 'GeocoderUnavailableError';
  /** A rule code, so a service answers UNAVAILABLE (503 at the gateway) rather than INTERNAL. */
  readonly code = 'GEOCODER.UNAVAILABLE';
}
