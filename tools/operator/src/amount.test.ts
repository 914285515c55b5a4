import { describe, expect, it } from 'vitest';
import { formatCents, parseAmountToCents, parseSignedAmountToCents } from './amount.js';

describe('parseAmountToCents', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25.50', 2550],
    ['$10.01', 1001],
    [' 1001c ', 1001],
    ['2550C', 2550],
    ['0.07', 7],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each(['', 'ten', '25.505', '-25', '1,000', '25 dollars', '$', '12.c', '1e3'])('refuses %j with a hint', (input) => {
    expect(() => parseAmountToCents(input)).toThrow(/write dollars like 25, 25.50 or \$25.50, or cents like 2550c/);
  });
});

describe('parseSignedAmountToCents', () => {
  it.each([
    ['-5', -500],
    ['-$5.25', -525],
    ['-7c', -7],
    ['12', 1200],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseSignedAmountToCents(input)).toBe(cents);
  });

  it('refuses a double minus', () => {
    expect(() => parseSignedAmountToCents('--5')).toThrow(/is not an amount/);
  });
});

describe('formatCents', () => {
  it('writes dollars with two decimals', () => {
    expect(formatCents(1001)).toBe('$10.01');
    expect(formatCents(-7)).toBe('-$0.07');
  });
});
