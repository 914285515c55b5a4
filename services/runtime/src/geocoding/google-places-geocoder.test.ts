import { afterEach, describe, expect, it } from 'vitest';
import { GeocoderUnavailableError } from './geocoder.js';
import { GooglePlacesGeocoder } from './google-places-geocoder.js';
import { startLocalServer, unreachableUrl, type RecordedRequest } from '@swarm/testing';

const PLACE_ID = 'ChIJJ3SpfQsLlVQRkYXR9ua5Nhw';

/** Answers as Google's Places API (New) and Geocoding API do, for one known place. */
function googleAnswer(request: RecordedRequest) {
  if (request.method === 'POST' && request.url === '/v1/places:autocomplete') {
    return {
      body: {
        suggestions: [
          { placePrediction: { place: `places/${PLACE_ID}`, placeId: PLACE_ID, text: { text: '1221 SW 4th Ave, Portland, OR, USA', matches: [] } } },
          { queryPrediction: { text: { text: 'portland city hall' } } },
        ],
      },
    };
  }
  if (request.url === `/v1/places/${PLACE_ID}`) {
    return { body: { formattedAddress: '1221 SW 4th Ave, Portland, OR 97204, USA', location: { latitude: 45.5147, longitude: -122.6793 } } };
  }
  if (request.url.startsWith('/v1/places/')) {
    return { status: 404, body: { error: { code: 404, message: 'Place not found.', status: 'NOT_FOUND' } } };
  }
  if (request.url.startsWith('/maps/api/geocode/json')) {
    const address = new URL(request.url, 'http://x').searchParams.get('address');
    if (address === 'nowhere at all') return { body: { status: 'ZERO_RESULTS', results: [] } };
    if (address === 'over quota') return { body: { status: 'OVER_QUERY_LIMIT', results: [], error_message: 'quota' } };
    return {
      body: {
        status: 'OK',
        results: [{ formatted_address: '500 NE Multnomah St, Portland, OR 97232, USA', geometry: { location: { lat: 45.5312, lng: -122.6615 } } }],
      },
    };
  }
  return { status: 500, body: {} };
}

describe('GooglePlacesGeocoder against a local server speaking the Places and Geocoding APIs', () => {
  const servers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((close) => close()));
  });

  async function start(answer = googleAnswer) {
    const server = await startLocalServer(answer);
    servers.push(server.close);
    const geocoder = new GooglePlacesGeocoder({ apiKey: 'test-key', placesBaseUrl: server.url, geocodingBaseUrl: server.url });
    return { geocoder, requests: server.requests };
  }

  it('suggests place predictions with their ids, sending the key in a header and limiting to the US', async () => {
    const { geocoder, requests } = await start();
    expect(await geocoder.suggest('1221 SW 4th')).toEqual([{ description: '1221 SW 4th Ave, Portland, OR, USA', placeId: PLACE_ID }]);
    expect(requests[0]?.headers['x-goog-api-key']).toBe('test-key');
    expect(JSON.parse(requests[0]!.body)).toEqual({ input: '1221 SW 4th', includedRegionCodes: ['us'] });
  });

  it('resolves a picked suggestion by its text through place details', async () => {
    const { geocoder, requests } = await start();
    const [suggestion] = await geocoder.suggest('1221 SW 4th');
    expect(await geocoder.resolve(suggestion!.description)).toEqual({
      formattedAddress: '1221 SW 4th Ave, Portland, OR 97204, USA',
      latitude: 45.5147,
      longitude: -122.6793,
    });
    expect(requests[1]?.headers['x-goog-fieldmask']).toBe('formattedAddress,location');
  });

  it('resolves by the place id the form sent, without a prior suggestion', async () => {
    const { geocoder } = await start();
    expect((await geocoder.resolve('anything', PLACE_ID))?.latitude).toBe(45.5147);
  });

  it('answers undefined for an unknown or malformed place id', async () => {
    const { geocoder } = await start();
    expect(await geocoder.resolve('x', 'ChIJunknown')).toBeUndefined();
    expect(await geocoder.resolve('x', '../../etc')).toBeUndefined();
  });

  it('geocodes an address known only by its text, and answers undefined when Google finds nothing', async () => {
    const { geocoder } = await start();
    expect(await geocoder.resolve('500 NE Multnomah St, Portland')).toEqual({
      formattedAddress: '500 NE Multnomah St, Portland, OR 97232, USA',
      latitude: 45.5312,
      longitude: -122.6615,
    });
    expect(await geocoder.resolve('nowhere at all')).toBeUndefined();
  });

  it('reports the provider unavailable on an error status, a refused quota or no connection', async () => {
    const { geocoder } = await start(() => ({ status: 503, body: {} }));
    await expect(geocoder.suggest('1221 SW 4th')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const quota = (await start()).geocoder;
    await expect(quota.resolve('over quota')).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const offline = new GooglePlacesGeocoder({ apiKey: 'k', placesBaseUrl: await unreachableUrl() });
    await expect(offline.suggest('1221 SW 4th')).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });
});
