import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tools/testing/src/global-setup.ts'],
    reporters: ['default', './tools/testing/src/summary-reporter.ts'],
    projects: [
      'services/runtime',
      'services/report',
      'services/member',
      'services/association-billing',
      'services/notification',
      'services/insights',
      'contract',
      'gateway',
      'tools/launch',
      'tools/operator',
      'tools/testing',
      'tools/architecture',
      'frontend',
      'deploy',
    ],
  },
});
