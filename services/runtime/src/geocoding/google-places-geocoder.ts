import { GeocoderUnavailableError, type Geocoder, type PlaceSuggestion, type ResolvedPlace } from './geocoder.js';

export type GooglePlacesGeocoderOptions = {
  apiKey: string;
  /** Places API (New); a local server in tests. */
  placesBaseUrl?: string;
  /** Geocoding API, for an address that does not name a known place id. */
  geocodingBaseUrl?: string;
  /** CLDR region codes suggestions are limited to. */
  regionCodes?: string[];
  timeoutMs?: number;
};

type AutocompleteResponse = {
  suggestions?: { placePrediction?: { placeId?: string; text?: { text?: string } } }[];
};
type PlaceDetailsResponse = { formattedAddress?: string; location?: { latitude?: number; longitude?: number } };
type GeocodeResponse = {
  status?: string;
  results?: { formatted_address?: string; geometry?: { location?: { lat?: number; lng?: number } } }[];
};

/** How many picked-suggestion texts are remembered with their place id (the form sends the text back). */
const REMEMBERED_SUGGESTIONS = 5_000;

/**
 * Google Places API (New): autocomplete for suggestions, place details for the place id of the suggestion picked.
 * The id comes with the form or from the suggestions this gateway recently made; an address known only by its
 * text goes through the Geocoding API. The key is sent in a header, never in a logged URL, except where the
 * Geocoding API only takes it as a query parameter.
 */
export class GooglePlacesGeocoder implements Geocoder {
  private readonly placesBaseUrl: string;
  private readonly geocodingBaseUrl: string;
  private readonly regionCodes: string[];
  private readonly timeoutMs: number;
  private readonly placeIdOf = new Map<string, string>();

  constructor(private readonly options: GooglePlacesGeocoderOptions) {
    this.placesBaseUrl = (options.placesBaseUrl ?? 'https://places.googleapis.com').replace(/\/$/, '');
    this.geocodingBaseUrl = (options.geocodingBaseUrl ?? 'https://maps.googleapis.com').replace(/\/$/, '');
    this.regionCodes = options.regionCodes ?? ['us'];
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async suggest(input: string): Promise<PlaceSuggestion[]> {
    if (input.trim().length < 2) return [];
    const body = await this.call<AutocompleteResponse>(`${this.placesBaseUrl}/v1/places:autocomplete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': this.options.apiKey },
      body: JSON.stringify({ input, includedRegionCodes: this.regionCodes }),
    });
    const suggestions: PlaceSuggestion[] = [];
    for (const { placePrediction } of body?.suggestions ?? []) {
      const description = placePrediction?.text?.text;
      const placeId = placePrediction?.placeId;
      if (!description || !placeId) continue;
      suggestions.push({ description, placeId });
      this.remember(description, placeId);
    }
    return suggestions;
  }

  async resolve(address: string, placeId?: string): Promise<ResolvedPlace | undefined> {
    const id = placeId || this.placeIdOf.get(address.trim());
    return id ? this.placeDetails(id) : this.geocode(address);
  }

  private async placeDetails(placeId: string): Promise<ResolvedPlace | undefined> {
    if (!/^[A-Za-z0-9_-]{1,300}$/.test(placeId)) return undefined;
    const body = await this.call<PlaceDetailsResponse>(
      `${this.placesBaseUrl}/v1/places/${placeId}`,
      { headers: { 'x-goog-api-key': this.options.apiKey, 'x-goog-fieldmask': 'formattedAddress,location' } },
      { unknownPlace: [400, 404] },
    );
    const latitude = body?.location?.latitude;
    const longitude = body?.location?.longitude;
    if (!body?.formattedAddress || typeof latitude !== 'number' || typeof longitude !== 'number') return undefined;
    return { formattedAddress: body.formattedAddress, latitude, longitude };
  }

  private async geocode(address: string): Promise<ResolvedPlace | undefined> {
    if (address.trim() === '') return undefined;
    const query = new URLSearchParams({ address, key: this.options.apiKey, components: `country:${this.regionCodes[0] ?? 'us'}` });
    const body = await this.call<GeocodeResponse>(`${this.geocodingBaseUrl}/maps/api/geocode/json?${query}`, {});
    if (body?.status === 'ZERO_RESULTS') return undefined;
    if (body?.status !== 'OK') throw new GeocoderUnavailableError(`geocoding answered ${body?.status ?? 'nothing'}`);
    const first = body.results?.[0];
    const location = first?.geometry?.location;
    if (!first?.formatted_address || typeof location?.lat !== 'number' || typeof location.lng !== 'number') return undefined;
    return { formattedAddress: first.formatted_address, latitude: location.lat, longitude: location.lng };
  }

  /** Undefined for the statuses meaning "no such place"; throws GeocoderUnavailableError for any other failure. */
  private async call<T>(url: string, init: RequestInit, options: { unknownPlace?: number[] } = {}): Promise<T | undefined> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new GeocoderUnavailableError(`the geocoding provider could not be reached: ${(error as Error).message}`);
    }
    if (options.unknownPlace?.includes(response.status)) return undefined;
    if (!response.ok) throw new GeocoderUnavailableError(`the geocoding provider answered ${response.status}`);
    return (await response.json()) as T;
  }

  private remember(description: string, placeId: string): void {
    this.placeIdOf.delete(description);
    this.placeIdOf.set(description, placeId);
    if (this.placeIdOf.size > REMEMBERED_SUGGESTIONS) {
      const oldest = this.placeIdOf.keys().next().value;
      if (oldest !== undefined) this.placeIdOf.delete(oldest);
    }
  }
}
