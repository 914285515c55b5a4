import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoutes } from '@swarm/api-contract/routes';
import { associationBillingConfigShape } from '@swarm/association-billing-service';
import { gatewayConfigShape } from '@swarm/gateway';
import { memberConfigShape } from '@swarm/member-service';
import { notificationConfigShape } from '@swarm/notification-service';
import { reportConfigShape } from '@swarm/report-service';
import { serviceEnvShape } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { embeddedConfigShape, stackConfigShape } from '../launch/src/launch-config.js';

// The reference docs are checked against the code, so they cannot drift: a variable added to a configuration schema
// without its row in docs/configuration.md (or a row left behind for a variable no process reads) fails npm test.

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const SHAPES: Record<string, z.ZodRawShape> = {
  'every service': serviceEnvShape,
  report: reportConfigShape,
  member: memberConfigShape,
  'association-billing': associationBillingConfigShape,
  notification: notificationConfigShape,
  gateway: gatewayConfigShape,
  'npm start': embeddedConfigShape,
  'npm run start:stack': stackConfigShape,
};

/** Variables read outside a zod schema: the operator CLI's one setting. */
const READ_WITHOUT_SCHEMA = ['ASSOCIATION_BILLING_SERVICE_URL'];

const VARIABLE = /^[A-Z][A-Z0-9_]+$/;

/** Each table row of docs/configuration.md: the variables it names (backticked in its first cell) and its default cell. */
function documentedRows(): { variables: string[]; defaults: string }[] {
  return read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = ''] = line.split('|').slice(1);
      const variables = [...names.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '').filter((name) => VARIABLE.test(name));
      return { variables, defaults };
    });
}

/** The default a schema gives a variable when it is unset, as it would be written in the docs; undefined when none. */
function defaultOf(schema: z.ZodType): string | undefined {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return undefined;
  // A path inside the repository (the gateway's STATIC_DIR) is documented relative to it.
  return String(parsed.data).replace(root, '');
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

describe('docs/configuration.md', () => {
  const rows = documentedRows();
  const documented = new Set(rows.flatMap((row) => row.variables));

  it('documents every variable a configuration schema reads', () => {
    const missing = Object.entries(SHAPES).flatMap(([part, shape]) =>
      Object.keys(shape)
        .filter((variable) => !documented.has(variable))
        .map((variable) => `${variable} (${part})`),
    );
    expect(missing).toEqual([]);
  });

  it('documents no variable that nothing reads', () => {
    const read = new Set([...Object.values(SHAPES).flatMap((shape) => Object.keys(shape)), ...READ_WITHOUT_SCHEMA, ...frontendBuildVariables()]);
    expect([...documented].filter((variable) => !read.has(variable))).toEqual([]);
  });

  it("gives each variable's default as the schema has it", () => {
    const wrong = Object.entries(SHAPES).flatMap(([part, shape]) =>
      Object.entries(shape).flatMap(([variable, schema]) => {
        const fallback = defaultOf(schema as z.ZodType);
        if (fallback === undefined) return [];
        const cells = rows.filter((row) => row.variables.includes(variable)).map((row) => row.defaults);
        return cells.some((cell) => cell.includes(fallback)) ? [] : [`${variable} (${part}) defaults to ${fallback}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('documents every build-time setting the frontend reads', () => {
    const missing = frontendBuildVariables().filter((variable) => !documented.has(variable));
    expect(missing).toEqual([]);
  });
});

function frontendBuildVariables(): string[] {
  const sources = filesUnder(join(root, 'frontend/src'), /\.(ts|tsx)$/).filter((path) => !path.endsWith('.d.ts'));
  const names = sources.flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/import\.meta\.env\.(VITE_[A-Z0-9_]+)/g)].map((match) => match[1] ?? ''));
  return [...new Set(names)].sort();
}

describe('docs/events.md', () => {
  it('has a row for every event of the catalog, and none for an event that does not exist', () => {
    const catalog = [...read('services/runtime/src/events/catalog.ts').matchAll(/defineEventType\('([^']+)'/g)].map((match) => match[1]).sort();
    const rows = read('docs/events.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => /^\| `([^`]+)`/.exec(line)?.[1])
      .sort();
    expect(rows).toEqual(catalog);
  });
});

describe('docs/api.md', () => {
  // Every /api route is one of the contract's (the gateway refuses to register any other); contract/src/openapi.test.ts
  // checks the page names each as `METHOD /api/path`, and nothing else.
  it('documents every route the gateway serves under /api', () => {
    const paths = new Set(Object.values(apiRoutes).map((route) => route.path));
    const docs = read('docs/api.md');
    // '{id}' in the contract is '{id}' or an example value in the docs.
    const undocumented = [...paths].filter((path) => {
      const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[A-Za-z]+\}/g, '[^/\\s`?]+');
      return !new RegExp(`${pattern}(?![A-Za-z0-9/_-])`).test(docs);
    });
    expect(paths.size).toBeGreaterThan(20);
    expect(undocumented).toEqual([]);
  });
});

describe('the Markdown of the repository', () => {
  // A fresh clone is all a reader has: a link or path that leaves the repository is broken for them.
  const markdownFiles = execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

  it('links and names only paths inside the repository, each of which exists', () => {
    const broken = markdownFiles.flatMap((file) => {
      const text = read(file);
      const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z][a-z0-9+.-]*:|^#/i.test(target));
      const relativePaths = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((match) => match[1] ?? '');
      return [...links, ...relativePaths].flatMap((target) => {
        const path = resolve(root, dirname(file), target.split('#')[0] ?? '');
        const inside = !relative(root, path).startsWith('..');
        return inside && existsSync(path) ? [] : [`${file}: ${target}`];
      });
    });
    expect(markdownFiles.length).toBeGreaterThan(10);
    expect(broken).toEqual([]);
  });
});
