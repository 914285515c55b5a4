import { describe, expect, it } from 'vitest';
import { checkReportForm, type ReportForm } from './report-form.js';
import { ReportError } from './report-error.js';

const valid: ReportForm = {
  idempotencyId: 'f2a6c1de-1111-4222-8333-944455556666',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Basketball',
  elevation: '12',
  address: '1 Apiary Lane, Springfield',
  recaptchaToken: 'token',
  internalNote: '',
};

function errorsOf(changes: Partial<ReportForm>): string[] {
  try {
    checkReportForm({ ...valid, ...changes });
    return [];
  } catch (error) {
    if (error instanceof ReportError && error.code === 'REPORT.INVALID_SUBMISSION') return error.details;
    throw error;
  }
}

describe('checkReportForm', () => {
  it('accepts a complete form, trimming the text and reading the elevation in feet', () => {
    expect(checkReportForm({ ...valid, reporterName: '  Ada  ', elevation: ' 12.5 ', internalNote: ' on the fence ' })).toEqual({
      idempotencyId: valid.idempotencyId,
      reporterName: 'Ada',
      reporterPhone: '5551234567',
      size: 'Basketball',
      elevationFeet: 12.5,
      address: '1 Apiary Lane, Springfield',
      internalNote: 'on the fence',
      reporterUpdates: false,
      reporterLanguage: 'en',
    });
  });

  it.each([
    [undefined, 'en'],
    ['en', 'en'],
    ['es', 'es'],
    [' es ', 'es'],
  ] as const)('reads the language %j as %s (not sent: English)', (reporterLanguage, expected) => {
    expect(checkReportForm({ ...valid, reporterLanguage }).reporterLanguage).toBe(expected);
  });

  it.each(['', 'ES', 'es-MX', 'fr', 'english'])("refuses the language %j with the form's other broken rules", (reporterLanguage) => {
    expect(errorsOf({ reporterLanguage })).toEqual(["reporterLanguage must be 'en' or 'es'"]);
    expect(errorsOf({ reporterLanguage, reporterPhone: '12' })).toEqual(['Phone is invalid (10 digts, only numbers)', "reporterLanguage must be 'en' or 'es'"]);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    [' true ', true],
  ] as const)("reads the texts checkbox %j as %s (not sent: false)", (reporterUpdates, expected) => {
    expect(checkReportForm({ ...valid, reporterUpdates }).reporterUpdates).toBe(expected);
  });

  it.each(['', 'yes', '1', 'TRUE'])("refuses the texts checkbox %j, after the form's other broken rules", (reporterUpdates) => {
    expect(errorsOf({ reporterUpdates })).toEqual(["reporterUpdates must be 'true' or 'false'"]);
    expect(errorsOf({ reporterUpdates, reporterPhone: '12' })).toEqual(['Phone is invalid (10 digts, only numbers)', "reporterUpdates must be 'true' or 'false'"]);
  });

  it.each(['reporterName', 'reporterPhone', 'size', 'elevation', 'address', 'recaptchaToken', 'idempotencyId'] as const)(
    'refuses a form without %s',
    (field) => {
      expect(errorsOf({ [field]: '  ' })).toEqual(['All fields must be filled out']);
    },
  );

  it('allows a form without a note', () => {
    expect(errorsOf({ internalNote: '' })).toEqual([]);
  });

  it('allows a name of 255 characters and refuses 256', () => {
    expect(errorsOf({ reporterName: 'a'.repeat(255) })).toEqual([]);
    expect(errorsOf({ reporterName: 'a'.repeat(256) })).toEqual(['Name is too long']);
  });

  it.each(['555123456', '55512345678', '555-123-4567', '555123456a'])('refuses the phone %s', (reporterPhone) => {
    expect(errorsOf({ reporterPhone })).toEqual(['Phone is invalid (10 digts, only numbers)']);
  });

  it('refuses a size outside the three offered, and a size over 255 characters as too long', () => {
    expect(errorsOf({ size: 'Huge' })).toEqual(['Bee Size must be one of Softball, Basketball, Very Large']);
    expect(errorsOf({ size: 'a'.repeat(256) })).toEqual(['Bee Size is too long']);
  });

  it.each(['0', '50', '12.5'])('accepts the elevation %s', (elevation) => {
    expect(errorsOf({ elevation })).toEqual([]);
  });

  it.each(['-1', '50.5', 'ten', '1e1', 'Infinity'])('refuses the elevation %s', (elevation) => {
    expect(errorsOf({ elevation })).toEqual(['Distance from Ground is out of range (0 to 50)']);
  });

  it.each([
    ['address', 501, 'Address is too long'],
    ['idempotencyId', 101, 'idempotencyId is too long'],
    ['recaptchaToken', 4_097, 'recaptchaToken is too long'],
    ['internalNote', 1_001, 'Note is too long'],
  ] as const)('refuses a %s over its limit', (field, length, message) => {
    expect(errorsOf({ [field]: 'a'.repeat(length - 1) })).toEqual([]);
    expect(errorsOf({ [field]: 'a'.repeat(length) })).toEqual([message]);
  });

  it('lists every broken rule in the order of the form, the first as the message', () => {
    const refusal = (() => {
      try {
        checkReportForm({ ...valid, reporterName: '', reporterPhone: '123', size: 'Huge' });
      } catch (error) {
        return error as ReportError;
      }
      throw new Error('the form was accepted');
    })();
    expect(refusal.details).toEqual(['All fields must be filled out', 'Bee Size must be one of Softball, Basketball, Very Large', 'Phone is invalid (10 digts, only numbers)']);
    expect(refusal.message).toBe('All fields must be filled out');
  });
});
