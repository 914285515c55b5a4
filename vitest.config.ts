import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['tools/testing/src/global-setup.ts'],
    reporters: ['default', './tools/testing/src/summary-reporter.ts'],
    // Two files at a time (vitest's default on two cores is one): unit, contract and component tests share the
    // cores well. The launch project's product stacks, browsers and fault tests run one at a time, after the rest
    // (tools/launch/vitest.config.ts), as their timings are tuned for a machine they do not share.
    maxWorkers: 2,
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
