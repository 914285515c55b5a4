import { PassThrough } from 'node:stream';
import { createLogger } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { logFormatFor } from './log-format.js';

describe('logFormatFor', () => {
  it('writes JSON lines with the request lines at info when stdout is not a terminal', () => {
    expect(logFormatFor({ isTTY: false })).toEqual({ requestLogLevel: 'info' });
    // A pipe or a file has no isTTY at all.
    expect(logFormatFor({})).toEqual({ requestLogLevel: 'info' });
  });

  it('writes readable lines, the request lines at debug, on a terminal', () => {
    const terminal = new PassThrough();
    const format = logFormatFor({ isTTY: true }, terminal);
    expect(format.requestLogLevel).toBe('debug');

    const logger = createLogger({ service: 'gateway', destination: format.destination! });
    logger.warn({ reportId: 'r1', phone: '5551234567' }, 'report refused');
    const line = String(terminal.read());

    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: gateway: report refused \{"reportId":"r1","phone":"\[redacted\]"\}\n$/);
  });
});
