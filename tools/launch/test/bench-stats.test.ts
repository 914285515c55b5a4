import { describe, expect, it } from 'vitest';
import { formatFigure, formatRatio, markdownTable, median, percentile } from '../../bench/stats.js';

describe('the benchmark arithmetic (tools/bench/stats.ts)', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('takes the nearest-rank percentile', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([5, 1], 50)).toBe(1);
    expect(percentile([], 99)).toBeNaN();
  });

  it('writes a ratio with two significant digits, and a dash when there is nothing to divide by', () => {
    expect(formatRatio(163, 20_375)).toBe('0.0080×');
    expect(formatRatio(1, 3)).toBe('0.33×');
    expect(formatRatio(3, 2)).toBe('1.5×');
    expect(formatRatio(17.2, 1)).toBe('17×');
    expect(formatRatio(1, 0)).toBe('—');
    expect(formatRatio(Number.NaN, 1)).toBe('—');
  });

  it('writes a figure with fewer decimals the larger it is', () => {
    expect(formatFigure(5209.4, 'req/s')).toBe('5209 req/s');
    expect(formatFigure(18, 'ms')).toBe('18.0 ms');
    expect(formatFigure(0.123, 's')).toBe('0.12 s');
    expect(formatFigure(Number.NaN, 'ms')).toBe('—');
  });

  it('lines the columns of the table up under their headings', () => {
    const table = markdownTable([{ row: 'a', figure: 'POST /api/report', product: '128 req/s', baseline: '5209 req/s', ratio: '0.025×', target: '≥ 0.2×' }]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\| row \| figure {11}\| product {3}\| baseline {3}\| ratio {2}\| target \|$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
