import { describe, expect, it } from 'vitest';
import { silentLog } from '../testing/dispatch-fakes.js';
import { RunDispatchJob } from './run-dispatch-job.js';

describe('RunDispatchJob', () => {
  const refuse = (what: string) => ({
    execute: async (): Promise<never> => {
      throw new Error(`${what} must not run`);
    },
  });

  it.each(['expire', 'close'] as const)('lets a %s job queued by an earlier version go, doing nothing: the report service keeps that timer', async (kind) => {
    const logged: unknown[] = [];
    const run = new RunDispatchJob({
      runAlertJob: refuse('an alert'),
      sendOutcomePrompt: refuse('the outcome prompt'),
      sendText: refuse('a text'),
      sendClaimLocation: refuse('the location'),
      log: { ...silentLog, info: (fields: unknown) => void logged.push(fields) },
    });
    expect(await run.execute({ kind, jobId: `${kind}--r1`, reportId: 'r1' })).toEqual({ kind: 'done' });
    expect(logged).toEqual([{ reportId: 'r1', job: kind }]);
  });
});
