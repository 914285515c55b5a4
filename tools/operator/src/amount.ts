/** Parses an amount an operator typed: dollars ('25', '25.5', '$25.50') or cents with a 'c' suffix ('2550c'). */
export function parseAmountToCents(input: string): number {
  const text = input.trim();
  const cents = /^(\d{1,9})\s*c$/i.exec(text);
  if (cents) return Number(cents[1]);
  const dollars = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!dollars) {
    throw new AmountError(`'${input}' is not an amount: write dollars like 25, 25.50 or $25.50, or cents like 2550c`);
  }
  return Number(dollars[1]) * 100 + Number((dollars[2] ?? '0').padEnd(2, '0'));
}

/** Like parseAmountToCents, with an optional leading minus ('-5', '-$5.00', '-500c'). */
export function parseSignedAmountToCents(input: string): number {
  const text = input.trim();
  return text.startsWith('-') ? -parseAmountToCents(text.slice(1)) : parseAmountToCents(text);
}

export class AmountError extends Error {
  override readonly name = 'AmountError';
}

/** '$12.34'; negative amounts as '-$0.07'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}$${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
