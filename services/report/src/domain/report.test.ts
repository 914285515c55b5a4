import { describe, expect, it } from 'vitest';
import { claimCodeFrom, isClaimCode } from './claim-code.js';
import { checkSubmission, type UncheckedSubmission } from './report.js';
import { ReportError } from './report-error.js';

const valid: UncheckedSubmission = {
  idempotencyId: 'f2a6c1de-1111-4222-8333-944455556666',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Basketball',
  elevationFeet: 12,
  address: '1 Apiary Lane, Springfield',
  internalNote: '',
  location: { latitude: 39.7817, longitude: -89.6501 },
};

function problemsOf(input: Partial<UncheckedSubmission>): string[] {
  try {
    checkSubmission({ ...valid, ...input });
    return [];
  } catch (error) {
    if (error instanceof ReportError && error.code === 'REPORT.INVALID_SUBMISSION') return error.details;
    throw error;
  }
}

describe('checkSubmission', () => {
  it('accepts a complete submission and trims the text fields', () => {
    expect(checkSubmission({ ...valid, reporterName: '  Ada  ', address: ' 1 Apiary Lane ' })).toMatchObject({
      reporterName: 'Ada',
      address: '1 Apiary Lane',
    });
  });

  it.each([['reporterName'], ['reporterPhone'], ['size'], ['address'], ['idempotencyId']] as const)(
    'refuses a submission without %s',
    (field) => {
      expect(problemsOf({ [field]: '  ' })).toContain('All fields must be filled out');
    },
  );

  it('allows a name of 255 characters and refuses 256', () => {
    expect(problemsOf({ reporterName: 'a'.repeat(255) })).toEqual([]);
    expect(problemsOf({ reporterName: 'a'.repeat(256) })).toEqual(['Name must be at most 255 characters']);
  });

  it.each(['555123456', '55512345678', '555-123-4567', '555123456a'])('refuses the phone %s', (reporterPhone) => {
    expect(problemsOf({ reporterPhone })).toEqual(['Phone is invalid (10 digts, only numbers)']);
  });

  it('refuses a size outside the three offered', () => {
    expect(problemsOf({ size: 'Huge' })).toEqual(['Size must be one of Softball, Basketball, Very Large']);
  });

  it.each([0, 50, 12.5])('accepts the elevation %s', (elevationFeet) => {
    expect(problemsOf({ elevationFeet })).toEqual([]);
  });

  it.each([-1, 50.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the elevation %s', (elevationFeet) => {
    expect(problemsOf({ elevationFeet })).toEqual(['Distance from Ground is out of range (0 to 50)']);
  });
});

describe('checkSubmission and the place', () => {
  it.each([
    ['no location', undefined],
    ['a latitude beyond the pole', { latitude: 90.5, longitude: 0 }],
    ['a longitude beyond the date line', { latitude: 0, longitude: -180.5 }],
    ['a coordinate that is not a number', { latitude: Number.NaN, longitude: 0 }],
  ])('refuses a submission with %s as unresolved', (_case, location) => {
    expect(() => checkSubmission({ ...valid, location })).toThrow(expect.objectContaining({ code: 'REPORT.ADDRESS_UNRESOLVED' }));
  });

  it('keeps the resolved place', () => {
    expect(checkSubmission(valid).location).toEqual({ latitude: 39.7817, longitude: -89.6501 });
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
