import { createLogger } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { startRepeatingSweep } from './repeating-sweep.js';

const logger = createLogger({ service: 'test', level: 'silent' });
const waitFor = async (condition: () => boolean) => {
  for (let tries = 0; tries < 200 && !condition(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('startRepeatingSweep', () => {
  it('runs at once, again after each interval, never two runs at once, and goes on after a failure', async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const sweep = startRepeatingSweep(
      async () => {
        runs += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 10));
        concurrent -= 1;
        if (runs === 2) throw new Error('store away');
      },
      { intervalMs: 1, logger, name: 'test' },
    );
    expect(runs).toBe(1);
    await waitFor(() => runs >= 4);
    await sweep.stop();
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
    expect(runs).toBeGreaterThanOrEqual(4);
    expect(most).toBe(1);
  });
});
