import type { Geocoder, PlaceSuggestion, ResolvedPlace } from './geocoder.js';
import { US_PLACES } from './us-places.js';

export type GazetteerPlace = { name: string; latitude: number; longitude: number };

/** Every town of the bundled list, named as the suggestions show it: "Portland, OR, USA". */
export const DEFAULT_GAZETTEER: readonly GazetteerPlace[] = US_PLACES.map(([town, state, latitude, longitude]) => ({
  name: `${town}, ${state}, USA`,
  latitude,
  longitude,
}));

const MAX_SUGGESTIONS = 5;
const MAX_STREET_LENGTH = 200;
const PLACE_ID_PREFIX = 'offline:';

/**
 * Suggests and resolves places from a bundled gazetteer, with no key and no network. "12 Oak St, Portl" is offered
 * as "12 Oak St, Portland, OR, USA" (and "…, Portland, ME, USA") and placed at the town's centre: precise enough to
 * find the beekeepers whose range covers the town, not to find the tree.
 */
export class OfflineGeocoder implements Geocoder {
  private readonly places: readonly { place: GazetteerPlace; key: string }[];

  constructor(places: readonly GazetteerPlace[] = DEFAULT_GAZETTEER) {
    this.places = places.map((place) => ({ place, key: normalise(place.name) }));
  }

  async suggest(input: string): Promise<PlaceSuggestion[]> {
    const text = collapseSpaces(input);
    if (text.length < 2) return [];
    // The town is what follows a comma: try the text after the first comma, then after the second…, so
    // "12 Oak St, Portland, OR" matches the town "Portland, OR" and keeps "12 Oak St" as the street.
    const splits = [0, ...[...text.matchAll(/,/g)].map((match) => (match.index ?? 0) + 1)];
    for (const split of splits) {
      const street = text.slice(0, Math.max(0, split - 1)).trim();
      const town = normalise(text.slice(split));
      if (town.length === 0 || street.length > MAX_STREET_LENGTH) continue;
      const matches = this.places.filter(({ key }) => key.startsWith(town) || (split === 0 && key.includes(` ${town}`)));
      if (matches.length === 0) continue;
      return matches.slice(0, MAX_SUGGESTIONS).map(({ place }) => {
        const description = street ? `${street}, ${place.name}` : place.name;
        return { description, placeId: `${PLACE_ID_PREFIX}${encodeURIComponent(description)}` };
      });
    }
    return [];
  }

  async resolve(address: string, placeId?: string): Promise<ResolvedPlace | undefined> {
    const picked = placeId?.startsWith(PLACE_ID_PREFIX) ? safeDecode(placeId.slice(PLACE_ID_PREFIX.length)) : undefined;
    const text = collapseSpaces(picked ?? address);
    const wanted = normalise(text);
    for (const { place, key } of this.places) {
      if (wanted === key || (wanted.endsWith(`, ${key}`) && wanted.length - key.length - 2 <= MAX_STREET_LENGTH)) {
        return { formattedAddress: text, latitude: place.latitude, longitude: place.longitude };
      }
    }
    return undefined;
  }
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function normalise(text: string): string {
  return collapseSpaces(text).replace(/\s*,\s*/g, ', ').toLowerCase();
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}
