import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'launch',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file at a time, after every other project: see the root vitest.config.ts.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
