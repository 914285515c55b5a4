import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Modules that do I/O or tie code to a framework: domain/ and app/ reach them only through ports. */
const FORBIDDEN_IN_CORE = [
  /^mongodb(\/|$)/,
  /^nats(\/|$)/,
  /^@nats-io\//,
  /^bullmq(\/|$)/,
  /^ioredis(\/|$)/,
  /^redis(\/|$)/,
  /^@connectrpc\//,
  /^@grpc\//,
  /^fastify(\/|$)/,
  /^@fastify\//,
  /^express(\/|$)/,
  /^twilio(\/|$)/,
  /^nodemailer(\/|$)/,
  /^zod(\/|$)/,
  /^pino(\/|$)/,
  /^prom-client(\/|$)/,
  /^@opentelemetry\//,
  /^node:(http|http2|https|net|dgram|tls|child_process|fs|fs\/promises)$/,
  /^(http|http2|https|net|dgram|tls|child_process|fs)$/,
  /^@swarm\/runtime(\/|$)/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function importsOf(source: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? match[2] ?? match[3] ?? '');
  return specifiers;
}

export function coreViolations(files: { path: string; source: string }[]): string[] {
  return files.flatMap(({ path, source }) =>
    importsOf(source)
      .filter((specifier) => FORBIDDEN_IN_CORE.some((rule) => rule.test(specifier)) || /\/adapters\//.test(specifier))
      .map((specifier) => `${path} imports ${specifier}`),
  );
}

const services = readdirSync(join(root, 'services')).filter((name) => name !== 'runtime' && statSync(join(root, 'services', name)).isDirectory());

describe('hexagonal architecture', () => {
  it('finds the four services', () => {
    expect(services.sort()).toEqual(['association-billing', 'member', 'notification', 'report']);
  });

  it.each(services)('keeps %s domain/ and app/ free of databases, networks, frameworks and adapters', (service) => {
    const files = ['domain', 'app'].flatMap((layer) => {
      const dir = join(root, 'services', service, 'src', layer);
      return sourceFiles(dir).map((path) => ({ path: relative(root, path), source: readFileSync(path, 'utf8') }));
    });
    expect(files.length).toBeGreaterThan(0);
    expect(coreViolations(files)).toEqual([]);
  });

  it('keeps domain/ from importing app/', () => {
    const violations = services.flatMap((service) =>
      sourceFiles(join(root, 'services', service, 'src', 'domain'))
        .filter((path) => importsOf(readFileSync(path, 'utf8')).some((specifier) => specifier.includes('/app/')))
        .map((path) => relative(root, path)),
    );
    expect(violations).toEqual([]);
  });

  it('catches the imports it forbids', () => {
    const samples = [
      "import { MongoClient } from 'mongodb';",
      "import { connect } from 'nats';",
      "import { Queue } from 'bullmq';",
      "import Redis from 'ioredis';",
      "import { createConnectTransport } from '@connectrpc/connect-node';",
      "import Fastify from 'fastify';",
      "export { thing } from '../adapters/mongo/thing.js';",
      "const lazy = await import('node:http');",
    ];
    expect(coreViolations(samples.map((source, index) => ({ path: `sample-${index}.ts`, source })))).toHaveLength(samples.length);
    expect(coreViolations([{ path: 'ok.ts', source: "import { ReportError } from './report-error.js';\nimport type { Clock } from './ports.js';" }])).toEqual([]);
  });
});
