import { describe, expect, it } from 'vitest';
import { ConnectionWatch, withoutCredentials } from './connection-watch.js';

function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: object, message: string) => void lines.push({ level, fields: fields as Record<string, unknown>, message });
  return { lines, logger: { warn: at('warn'), info: at('info'), debug: at('debug') } as never };
}

describe('ConnectionWatch', () => {
  it('warns once when an outage starts, logs the retries at debug and says when the connection is back', () => {
    const { lines, logger } = recordingLogger();
    let now = 0;
    const watch = new ConnectionWatch(logger, 'redis', { url: 'redis://user:s3cret@redis.internal:6379/0', now: () => now });
    for (let retry = 0; retry < 20; retry += 1) {
      watch.error(Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:6379'), { code: 'ECONNREFUSED' }));
      now += 500;
    }
    watch.ready();
    watch.ready();

    expect(lines.map((line) => [line.level, line.message])).toEqual([
      ['warn', 'redis connection failed; retrying'],
      ...Array.from({ length: 19 }, () => ['debug', 'redis connection failed again']),
      ['info', 'redis connection restored'],
    ]);
    expect(lines[0]?.fields).toMatchObject({ component: 'redis', url: 'redis://redis.internal:6379/0' });
    expect(lines.at(-1)?.fields).toEqual({ component: 'redis', url: 'redis://redis.internal:6379/0', downForMs: 10_000, errors: 20 });
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it('reminds while a long outage lasts, with the errors since the last warning', () => {
    const { lines, logger } = recordingLogger();
    let now = 0;
    const watch = new ConnectionWatch(logger, 'redis', { repeatWarningMs: 60_000, now: () => now });
    for (let retry = 0; retry <= 60; retry += 1) {
      watch.error(new Error('connect ECONNREFUSED'));
      now += 2_000;
    }
    const warnings = lines.filter((line) => line.level === 'warn');
    expect(warnings.map((line) => line.message)).toEqual(['redis connection failed; retrying', 'redis still unavailable; retrying', 'redis still unavailable; retrying']);
    expect(warnings[1]?.fields).toMatchObject({ downForMs: 60_000, errorsSinceLastWarning: 30 });
  });

  it('starts a new outage with a new warning after the connection came back', () => {
    const { lines, logger } = recordingLogger();
    const watch = new ConnectionWatch(logger, 'redis');
    watch.ready();
    watch.error(new Error('first'));
    watch.ready();
    watch.error(new Error('second'));
    expect(lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn']);
  });
});

describe('withoutCredentials', () => {
  it.each([
    ['redis://:s3cret@127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['rediss://default:s3cret@cache.example.org:6380/2', 'rediss://cache.example.org:6380/2'],
    ['nats://127.0.0.1:4222', 'nats://127.0.0.1:4222'],
    ['not a url s3cret', '[unparseable URL]'],
  ])('%s → %s', (url, logged) => {
    expect(withoutCredentials(url)).toBe(logged);
  });
});
