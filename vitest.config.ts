import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tools/testing/src/global-setup.ts'],
    projects: [
      'services/runtime',
      'services/report',
      'services/member',
      'services/association-billing',
      'services/notification',
      'gateway',
      'tools/launch',
      'tools/architecture',
      'frontend',
      'deploy',
    ],
  },
});
