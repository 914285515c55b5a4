import { describe, expect, it } from 'vitest';
import { claimCodeFrom, isClaimCode } from './claim-code.js';
import { submissionAt, townOf } from './report.js';

const form = {
  idempotencyId: 'f2a6c1de-1111-4222-8333-944455556666',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Basketball' as const,
  elevationFeet: 12,
  address: '1 apiary lane',
  internalNote: '',
  reporterUpdates: false,
  reporterLanguage: 'en' as const,
};

describe('submissionAt', () => {
  it.each([
    ['no place', undefined],
    ['a latitude beyond the pole', { formattedAddress: 'x', latitude: 90.5, longitude: 0 }],
    ['a longitude beyond the date line', { formattedAddress: 'x', latitude: 0, longitude: -180.5 }],
    ['a coordinate that is not a number', { formattedAddress: 'x', latitude: Number.NaN, longitude: 0 }],
  ])('refuses a submission with %s as unresolved', (_case, place) => {
    expect(() => submissionAt(form, place)).toThrow(expect.objectContaining({ code: 'REPORT.ADDRESS_UNRESOLVED' }));
  });

  it("keeps the place and stores the address by the place's name", () => {
    expect(submissionAt(form, { formattedAddress: '1 Apiary Lane, Springfield, IL, USA', latitude: 39.7817, longitude: -89.6501 })).toMatchObject({
      address: '1 Apiary Lane, Springfield, IL, USA',
      location: { latitude: 39.7817, longitude: -89.6501 },
    });
  });
});

describe('claim codes', () => {
  it('keeps leading zeros so every code has five digits', () => {
    expect(claimCodeFrom(() => 42)).toBe('00042');
    expect(claimCodeFrom(() => 99_999)).toBe('99999');
  });

  it('draws from the whole five-digit range', () => {
    let bound = 0;
    claimCodeFrom((b) => {
      bound = b;
      return 0;
    });
    expect(bound).toBe(100_000);
  });

  it('recognises only five digits as a claim code', () => {
    expect(['00042', '12345'].map(isClaimCode)).toEqual([true, true]);
    expect(['1234', '123456', '1234a', ''].map(isClaimCode)).toEqual([false, false, false, false]);
  });
});

describe('townOf', () => {
  it('keeps the town and state of a place, never the street or the country', () => {
    expect(townOf('12 Oak St, Portland, OR, USA')).toBe('Portland, OR');
    expect(townOf('9 Swarm Street, Eugene, OR')).toBe('Eugene, OR');
    expect(townOf('Salem')).toBe('Salem');
    expect(townOf('')).toBe('');
  });
});
