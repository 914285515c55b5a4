import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'api-contract', include: ['src/**/*.test.ts'], environment: 'node' },
});
