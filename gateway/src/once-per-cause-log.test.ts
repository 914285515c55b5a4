import { Writable } from 'node:stream';
import { createLogger } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { OncePerCauseLog } from './once-per-cause-log.js';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ service: 'test', destination: sink }), lines };
}

describe('OncePerCauseLog', () => {
  it('writes one line per cause per interval, then the next with how many were left out', () => {
    const clock = { now: 0 };
    const log = new OncePerCauseLog({ intervalMs: 60_000, now: () => clock.now });
    const { logger, lines } = capturedLogger();

    for (let request = 0; request < 100; request += 1) log.warn(logger, 'unknown provider', { provider: `p${request}` }, 'login refused');
    log.warn(logger, 'state mismatch', {}, 'login refused');
    expect(lines.map((line) => [line.cause, line.provider, line.repeated])).toEqual([
      ['unknown provider', 'p0', undefined],
      ['state mismatch', undefined, undefined],
    ]);

    clock.now = 59_999;
    log.warn(logger, 'unknown provider', {}, 'login refused');
    expect(lines).toHaveLength(2);
    clock.now = 60_000;
    log.warn(logger, 'unknown provider', {}, 'login refused');
    expect(lines[2]).toMatchObject({ level: 'warn', cause: 'unknown provider', repeated: 100, msg: 'login refused' });
  });

  it('writes a refusal at warn without a stack, a failure at error with one', () => {
    const log = new OncePerCauseLog({ intervalMs: 60_000 });
    const { logger, lines } = capturedLogger();

    log.warn(logger, 'refused', { status: 404 }, 'browser navigation refused');
    log.error(logger, 'failed', new Error('connection refused'), {}, 'browser navigation failed');

    expect(lines[0]).toMatchObject({ level: 'warn', status: 404 });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(lines[1]).toMatchObject({ level: 'error', err: { message: 'connection refused', stack: expect.stringContaining('Error: connection refused') } });
  });

  it('keeps a bounded number of causes: past the limit, new causes share one line per interval', () => {
    const clock = { now: 0 };
    const log = new OncePerCauseLog({ intervalMs: 1_000, maxCauses: 2, now: () => clock.now });
    const { logger, lines } = capturedLogger();

    for (const cause of ['a', 'b', 'c', 'd', 'e']) log.warn(logger, cause, {}, 'refused');
    // c took the shared slot: d and e, in the same interval, are left out.
    expect(lines.map((line) => line.cause)).toEqual(['a', 'b', 'c']);

    // Once the interval has passed, the old causes make room again.
    clock.now = 1_000;
    log.warn(logger, 'f', {}, 'refused');
    log.warn(logger, 'g', {}, 'refused');
    expect(lines.map((line) => line.cause)).toEqual(['a', 'b', 'c', 'f', 'g']);
  });
});
