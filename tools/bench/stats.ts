/** The arithmetic and the table of the benchmark, kept free of I/O so it can be tested on its own. */

/** The middle value (the mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile (p in 0..100) of the values; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** `measured ÷ baseline` as "0.12×" with two significant digits ("—" when either is missing or the baseline is 0). */
export function formatRatio(measured: number, baseline: number): string {
  if (!Number.isFinite(measured) || !Number.isFinite(baseline) || baseline === 0) return '—';
  const ratio = measured / baseline;
  if (ratio === 0) return '0×';
  const digits = Math.max(0, 1 - Math.floor(Math.log10(Math.abs(ratio))));
  return `${ratio.toFixed(Math.min(digits, 4))}×`;
}

/** A figure with its unit and a sensible number of decimals: "163 req/s", "3.4 ms", "1.25 s". */
export function formatFigure(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '—';
  const decimals = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(decimals)}${unit === '' ? '' : ` ${unit}`}`;
}

export type TableRow = { row: string; figure: string; product: string; baseline: string; ratio: string; target: string };

const HEADINGS: TableRow = { row: 'row', figure: 'figure', product: 'product', baseline: 'baseline', ratio: 'ratio', target: 'target' };

/** A Markdown table (readable as plain text too), so the output can be pasted into docs/performance.md as it is. */
export function markdownTable(rows: readonly TableRow[]): string {
  const columns = Object.keys(HEADINGS) as (keyof TableRow)[];
  const widths = columns.map((column) => Math.max(...[HEADINGS, ...rows].map((row) => row[column].length)));
  const line = (row: TableRow) => `| ${columns.map((column, index) => row[column].padEnd(widths[index] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(HEADINGS), rule, ...rows.map(line)].join('\n');
}
