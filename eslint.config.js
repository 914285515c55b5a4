// The boundaries of the code, checked by a tool rather than by hope: the hexagon of every service (domain/ and app/
// free of I/O, frameworks and adapters; no service importing another), the gateway's routes free of infrastructure,
// frontend feature folders that never import each other, and no promise left floating. Import cycles are found by
// tools/architecture/hexagon.test.ts, which resolves every import with TypeScript's own module resolution.
import { readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));
const directories = (path) => readdirSync(`${root}/${path}`).filter((name) => statSync(`${root}/${path}/${name}`).isDirectory());

const SERVICES = directories('services').filter((name) => name !== 'runtime');
const FEATURES = directories('frontend/src/features');

/** Modules that do I/O or tie code to a framework: a service's domain/ and app/ reach them only through ports. */
const INFRASTRUCTURE = [
  'mongodb',
  'nats',
  '@nats-io/*',
  'bullmq',
  'ioredis',
  'redis',
  '@connectrpc/*',
  '@grpc/*',
  'fastify',
  '@fastify/*',
  'twilio',
  'nodemailer',
  'zod',
  'pino',
  'sharp',
  'node:http',
  'node:http2',
  'node:https',
  'node:net',
  'node:tls',
  'node:dgram',
  'node:child_process',
  'node:fs',
  'node:fs/promises',
  '@swarm/runtime',
  '@swarm/runtime/*',
  '@swarm/proto/*',
  // The one mapping between each closed vocabulary's enum and its spec labels: pure, and the domain's own words.
  '!@swarm/proto/labels',
  '!@swarm/proto/labels/*',
];

/** What Node offers every script without an import (the `globals` package holds more than this needs). */
const NODE_GLOBALS = Object.fromEntries(
  ['process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'fetch', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder', 'structuredClone'].map((name) => [name, 'readonly']),
);

const otherServices = (service) => SERVICES.filter((other) => other !== service).map((other) => `@swarm/${other}-service`);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'proto/gen/**', 'test-output/**', '**/*.d.ts', 'tools/load/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Plain Node scripts and the tool configurations: Node's globals, and no type-aware rules (they sit outside the
  // TypeScript projects).
  {
    files: ['**/*.mjs', '**/*.js', '**/*.config.ts', 'frontend/build/**/*.ts'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: NODE_GLOBALS },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.config.ts', 'frontend/build/**'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      // React's act() returns a thenable even for synchronous work; awaiting it there changes nothing.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'act', package: 'react' }, { from: 'package', name: 'act', package: '@testing-library/react' }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Tests read parsed JSON and mocks freely; production code states its types.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/testing/**', 'deploy/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Each service: its domain/ and app/ import no infrastructure and no adapter; no service imports another.
  ...SERVICES.flatMap((service) => [
    {
      files: [`services/${service}/src/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ group: otherServices(service), message: 'Services never import each other: call it over Connect, or follow its events.' }] }] },
    },
    {
      files: [`services/${service}/src/domain/**/*.ts`, `services/${service}/src/app/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: otherServices(service), message: 'Services never import each other.' },
              { group: INFRASTRUCTURE, message: 'domain/ and app/ reach infrastructure only through their ports.' },
              { group: ['**/adapters/**'], message: 'domain/ and app/ never import an adapter: the composition wires it.' },
            ],
          },
        ],
      },
    },
    {
      files: [`services/${service}/src/domain/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: otherServices(service), message: 'Services never import each other.' },
              { group: INFRASTRUCTURE, message: 'domain/ reaches infrastructure only through ports.' },
              { group: ['**/adapters/**', '**/app/**', '../app/*'], message: 'domain/ imports nothing outside domain/.' },
            ],
          },
        ],
      },
    },
  ]),
  // The gateway's routes map HTTP onto the services: no database, queue or provider client in them.
  {
    files: ['gateway/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['mongodb', 'nats', 'bullmq', 'ioredis', 'twilio', 'nodemailer', '@swarm/*-service'], message: 'Routes reach infrastructure through the gateway ports or the services.' },
            { group: ['../compose.js', '../main.js'], message: 'Routes never import the composition.' },
          ],
        },
      ],
    },
  },
  // Frontend feature folders never import each other: what two features share lives in components/ or lib/.
  ...FEATURES.map((feature) => ({
    files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FEATURES.filter((other) => other !== feature).flatMap((other) => [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`]),
              message: 'Feature folders never import each other: move what they share to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
);
