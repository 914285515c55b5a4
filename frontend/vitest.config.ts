import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Paths resolve against this folder, so the project runs the same from the repository root and from frontend/.
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'frontend',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
