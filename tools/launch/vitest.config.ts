import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'launch', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
});
