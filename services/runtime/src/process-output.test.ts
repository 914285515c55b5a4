import { afterEach, describe, expect, it } from 'vitest';
import { routeProcessOutputToLogger } from './process-output.js';

describe('routeProcessOutputToLogger', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('sends what libraries print with console.* to the logger, at a matching level', () => {
    const lines: [string, object, string][] = [];
    const at = (level: string) => (fields: object, message: string) => void lines.push([level, fields, message]);
    restore = routeProcessOutputToLogger({ info: at('info'), debug: at('debug'), warn: at('warn'), error: at('error') } as never);
    console.error('[ioredis] Unhandled error event:', 'Error: connect ECONNREFUSED');
    console.warn('IMPORTANT! Eviction policy is %s. It should be "noeviction"', 'allkeys-lru');
    console.log({ a: 1 });
    restore();
    restore = undefined;
    expect(lines).toEqual([
      ['error', { source: 'console' }, '[ioredis] Unhandled error event: Error: connect ECONNREFUSED'],
      ['warn', { source: 'console' }, 'IMPORTANT! Eviction policy is allkeys-lru. It should be "noeviction"'],
      ['info', { source: 'console' }, '{ a: 1 }'],
    ]);
  });

  it('logs process warnings instead of letting Node print them', async () => {
    const warnings: string[] = [];
    const quiet = () => undefined;
    restore = routeProcessOutputToLogger({ info: quiet, debug: quiet, error: quiet, warn: (_fields: object, message: string) => void warnings.push(message) } as never);
    expect(process.listenerCount('warning')).toBe(1);
    process.emitWarning('something is deprecated');
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual(['something is deprecated']);
  });
});
