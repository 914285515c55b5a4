import { z } from 'zod';
import { ConfigError } from '../config.js';
import type { Geocoder } from './geocoder.js';
import { GooglePlacesGeocoder } from './google-places-geocoder.js';
import { OfflineGeocoder } from './offline-geocoder.js';

/** Compose and Kubernetes pass a declared but empty variable as ''; for an optional setting that means "not set". */
const optionalSetting = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The variables of the geocoder, read by every process that suggests or places addresses. */
export const geocoderEnvShape = {
  GEOCODER: z.enum(['offline', 'google']).default('offline'),
  GOOGLE_MAPS_API_KEY: optionalSetting(z.string().min(1)),
  GOOGLE_PLACES_BASE_URL: z.url().default('https://places.googleapis.com'),
  GOOGLE_GEOCODING_BASE_URL: z.url().default('https://maps.googleapis.com'),
};

export type GeocoderSettings = z.infer<z.ZodObject<typeof geocoderEnvShape>>;

/** The bundled gazetteer, or Google Places with its key (a missing key stops the start, naming the variable). */
export function geocoderFromSettings(settings: GeocoderSettings): Geocoder {
  if (settings.GEOCODER === 'offline') return new OfflineGeocoder();
  if (!settings.GOOGLE_MAPS_API_KEY) throw new ConfigError('Invalid configuration:\n  GOOGLE_MAPS_API_KEY: required when GEOCODER=google (not set)');
  return new GooglePlacesGeocoder({
    apiKey: settings.GOOGLE_MAPS_API_KEY,
    placesBaseUrl: settings.GOOGLE_PLACES_BASE_URL,
    geocodingBaseUrl: settings.GOOGLE_GEOCODING_BASE_URL,
  });
}
