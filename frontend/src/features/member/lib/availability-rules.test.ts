import { describe, expect, it } from 'vitest';
import { extraMilesChoices, extraMilesLabel, fromHours, hourLabel, numberFieldError, toHours } from './availability-rules';

describe('availability rules', () => {
  it('labels hours from 12:00 AM through 11:00 PM and 24 as 12:00 AM', () => {
    expect(fromHours.map(hourLabel).slice(0, 2)).toEqual(['12:00 AM', '1:00 AM']);
    expect(hourLabel(12)).toBe('12:00 PM');
    expect(hourLabel(17)).toBe('5:00 PM');
    expect(fromHours.map(hourLabel).at(-1)).toBe('11:00 PM');
    expect(toHours.map(hourLabel).at(0)).toBe('1:00 AM');
    expect(toHours.map(hourLabel).at(-1)).toBe('12:00 AM');
  });

  it('offers extra miles from Off (0) to 25', () => {
    expect(extraMilesChoices.map(extraMilesLabel)).toEqual(['Off (0)', ...Array.from({ length: 25 }, (_, index) => String(index + 1))]);
  });

  it('offers From 0 to 23 and To 1 to 24', () => {
    expect([fromHours[0], fromHours.at(-1), fromHours.length]).toEqual([0, 23, 24]);
    expect([toHours[0], toHours.at(-1), toHours.length]).toEqual([1, 24, 24]);
  });

  it('accepts elevation 1 to 50 and refuses more than 50 with the spec message', () => {
    expect(numberFieldError('elevationMaximum', '1')).toBeUndefined();
    expect(numberFieldError('elevationMaximum', '50')).toBeUndefined();
    expect(numberFieldError('elevationMaximum', '51')).toBe('Elevation maximum cannot exceed 50.');
    expect(numberFieldError('elevationMaximum', '0')).toBe('Elevation maximum must be at least 1.');
  });

  it('accepts range 1 to 25 and refuses more than 25 with the spec message', () => {
    expect(numberFieldError('rangeInMiles', '25')).toBeUndefined();
    expect(numberFieldError('rangeInMiles', '26')).toBe('Range in miles cannot exceed 25.');
    expect(numberFieldError('rangeInMiles', '0')).toBe('Range in miles must be at least 1.');
  });

  it.each(['', '2.5', '-3', 'ten'])('refuses %j as not a whole number', (text) => {
    expect(numberFieldError('rangeInMiles', text)).toBe('Enter a whole number.');
  });
});
