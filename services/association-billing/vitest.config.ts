import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'association-billing', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], environment: 'node' },
});
