import { describe, expect, it } from 'vitest';
import { DEFAULT_GAZETTEER, OfflineGeocoder } from './offline-geocoder.js';

const geocoder = new OfflineGeocoder();

describe('OfflineGeocoder', () => {
  it('bundles a few hundred US places with plausible coordinates', () => {
    expect(DEFAULT_GAZETTEER.length).toBeGreaterThan(300);
    for (const place of DEFAULT_GAZETTEER) {
      expect(place.name).toMatch(/^[^,]+, [A-Z]{2}, USA$/);
      expect(place.latitude).toBeGreaterThan(18);
      expect(place.latitude).toBeLessThan(72);
      expect(place.longitude).toBeGreaterThan(-170);
      expect(place.longitude).toBeLessThan(-66);
    }
  });

  it('suggests towns by the start of their name', async () => {
    const suggestions = await geocoder.suggest('portla');
    expect(suggestions.map((suggestion) => suggestion.description)).toEqual(['Portland, OR, USA', 'Portland, ME, USA']);
  });

  it('suggests a town by a later word of its name when no street is typed', async () => {
    expect((await geocoder.suggest('vegas')).map((suggestion) => suggestion.description)).toContain('Las Vegas, NV, USA');
  });

  it('keeps the street typed before the town', async () => {
    const [first] = await geocoder.suggest('12  Oak St, Salem, O');
    expect(first?.description).toBe('12 Oak St, Salem, OR, USA');
  });

  it('offers at most five suggestions and none for one character', async () => {
    expect((await geocoder.suggest('s')).length).toBe(0);
    expect((await geocoder.suggest('sa')).length).toBe(5);
  });

  it('suggests nothing for a town it does not know', async () => {
    expect(await geocoder.suggest('1 Main St, Atlantis')).toEqual([]);
  });

  it('resolves every suggestion it makes, by its text and by its place id, to the town centre', async () => {
    for (const suggestion of await geocoder.suggest('12 Oak St, Portl')) {
      const byText = await geocoder.resolve(suggestion.description);
      expect(byText?.formattedAddress).toBe(suggestion.description);
      expect(await geocoder.resolve('', suggestion.placeId)).toEqual(byText);
    }
    expect(await geocoder.resolve('12 Oak St, Portland, OR, USA')).toEqual({
      formattedAddress: '12 Oak St, Portland, OR, USA',
      latitude: 45.5152,
      longitude: -122.6784,
    });
  });

  it('does not resolve an address outside the gazetteer or a town typed without its state', async () => {
    expect(await geocoder.resolve('1 Apiary Lane')).toBeUndefined();
    expect(await geocoder.resolve('1 Apiary Lane, Portland')).toBeUndefined();
    expect(await geocoder.resolve('x', 'offline:%E0%A4%A')).toBeUndefined();
  });
});
