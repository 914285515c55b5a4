export { GeocoderUnavailableError, type Geocoder, type PlaceSuggestion, type ResolvedPlace } from './geocoder.js';
export { DEFAULT_GAZETTEER, OfflineGeocoder, type GazetteerPlace } from './offline-geocoder.js';
export { GooglePlacesGeocoder, type GooglePlacesGeocoderOptions } from './google-places-geocoder.js';
export { geocoderEnvShape, geocoderFromSettings, type GeocoderSettings } from './geocoder-from-settings.js';
