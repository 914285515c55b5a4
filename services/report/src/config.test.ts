import { loadConfig } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { reportConfigShape } from './config.js';

const base = { STORE: 'memory' };

describe('report configuration: how long a reporter’s data is kept', () => {
  it('keeps it 30 days after a report ended, and sweeps hourly, unless told otherwise', () => {
    const config = loadConfig(reportConfigShape, base);
    expect([config.REPORTER_DATA_DAYS, config.REPORTER_DATA_SWEEP_INTERVAL_MS]).toEqual([30, 3_600_000]);
  });

  it('takes whole days and fractions of a day, for trials and tests that reach the erasure for real', () => {
    expect(loadConfig(reportConfigShape, { ...base, REPORTER_DATA_DAYS: '90' }).REPORTER_DATA_DAYS).toBe(90);
    expect(loadConfig(reportConfigShape, { ...base, REPORTER_DATA_DAYS: '0.0001', REPORTER_DATA_SWEEP_INTERVAL_MS: '250' })).toMatchObject({
      REPORTER_DATA_DAYS: 0.0001,
      REPORTER_DATA_SWEEP_INTERVAL_MS: 250,
    });
  });

  it.each([
    ['REPORTER_DATA_DAYS', '0'],
    ['REPORTER_DATA_DAYS', '-30'],
    ['REPORTER_DATA_DAYS', 'thirty'],
    ['REPORTER_DATA_DAYS', 'Infinity'],
    ['REPORTER_DATA_SWEEP_INTERVAL_MS', '0'],
    ['REPORTER_DATA_SWEEP_INTERVAL_MS', '1.5'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => loadConfig(reportConfigShape, { ...base, [variable]: value })).toThrow(new RegExp(`${variable}: .*\\(got "${value}"\\)`));
  });
});
