import { describe, expect, it } from 'vitest';
import { ACTIVATION_CODE_ALPHABET, generateActivationCode, normalizeActivationCode } from './activation-code.js';

describe('activation codes', () => {
  it('draws 8 characters from the alphabet through the random source', () => {
    const draws: number[] = [];
    const code = generateActivationCode((bound) => {
      draws.push(bound);
      return draws.length;
    });
    expect(code).toBe(ACTIVATION_CODE_ALPHABET.slice(1, 9));
    expect(draws).toEqual(Array(8).fill(ACTIVATION_CODE_ALPHABET.length));
  });

  it('accepts exactly 8 letters or digits, matched in upper case', () => {
    expect(normalizeActivationCode(' abCD2345 ')).toBe('ABCD2345');
  });

  it.each([
    ['', 'Activation code is required'],
    ['   ', 'Activation code is required'],
    ['ABCD-234', 'Activation code must contain only letters and numbers'],
    ['ABCD 234', 'Activation code must contain only letters and numbers'],
    ['ABCDÉ234', 'Activation code must contain only letters and numbers'],
    ['ABCD234', 'Activation code must be exactly 8 characters'],
    ['ABCD23456', 'Activation code must be exactly 8 characters'],
  ])('refuses %j with %j', (input, message) => {
    expect(() => normalizeActivationCode(input)).toThrow(expect.objectContaining({ code: 'ACTIVATION_CODE.INVALID', details: [message] }));
  });
});
