import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('writes one JSON line per event and censors personal data wherever it sits', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ service: 'test', destination: sink });
    logger.info({ reporterPhone: '5551234567', report: { email: 'ada@example.com', address: '1 Lane' }, reportId: 'r1' }, 'saved');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', service: 'test', msg: 'saved', reportId: 'r1', reporterPhone: '[redacted]' });
    expect(line.report).toEqual({ email: '[redacted]', address: '[redacted]' });
    expect(lines[0]).not.toContain('5551234567');
  });
});
