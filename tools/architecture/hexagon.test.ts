import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

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
  it('finds the five services', () => {
    expect(services.sort()).toEqual(['association-billing', 'insights', 'member', 'notification', 'report']);
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

// Import cycles, across every workspace: a module that reaches itself again through its imports, or imports itself.
// Specifiers resolve as TypeScript resolves them, with the options of the nearest tsconfig that holds the file
// ('./x.js' to x.ts or x.tsx, folders to their index, the frontend's '@/' alias, '@swarm/*' workspaces to their
// sources); external packages are not followed. An import counts unless TypeScript erases it: `import type`,
// `export type … from` and `import type X = require()` are left out, as ESLint's import-x/no-cycle left them out
// before this check replaced it; `import { type A } from` counts, since verbatimModuleSyntax keeps it as
// `import {} from`, which still runs the module. Dynamic `import()` counts.

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-output', '.git']);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : walk(path, keep);
    return entry.isFile() && keep(entry.name) ? [path] : [];
  });
}

const isTypeScriptSource = (name: string) => /\.[cm]?tsx?$/.test(name) && !/\.d\.[cm]?ts$/.test(name);

/** The modules a file loads when it runs: each specifier, and whether it is a dynamic import(). */
export function runtimeImports(fileName: string, source: string): { specifier: string; dynamic: boolean }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; dynamic: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (!node.isTypeOnly && ts.isStringLiteral(expression)) found.push({ specifier: expression.text, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push({ specifier: argument.text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

interface Project {
  dir: string;
  options: ts.CompilerOptions;
  files: Set<string>;
  cache: ts.ModuleResolutionCache;
}

function projectsUnder(root: string): Project[] {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  return walk(root, (name) => /^tsconfig.*\.json$/.test(name) && name !== 'tsconfig.base.json')
    .map((configPath) => {
      const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
      if (!parsed) throw new Error(`cannot read ${configPath}`);
      const dir = dirname(configPath);
      const cache = ts.createModuleResolutionCache(dir, (name) => name, parsed.options);
      return { dir, options: parsed.options, files: new Set(parsed.fileNames.map((name) => resolve(name))), cache };
    })
    .sort((a, b) => b.dir.length - a.dir.length); // the nearest first
}

/** A specifier that names a file of this repository rather than a package: relative, the '@/' alias, a workspace. */
const OWN_SPECIFIER = /^(\.{1,2}\/|@\/|@swarm\/)/;

/**
 * Every TypeScript file under root (but node_modules, dist, test-output), and the files each one loads; `unresolved`
 * lists the repository's own specifiers that resolve to nothing, so that a resolution gone wrong cannot hide a cycle.
 */
export function importGraph(root: string): { graph: Map<string, Set<string>>; unresolved: string[] } {
  const projects = projectsUnder(root);
  const files = walk(root, isTypeScriptSource);
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  const unresolved: string[] = [];
  for (const file of files) {
    // The nearest project that includes the file, else the nearest one above it (for the tool configurations).
    const project =
      projects.find((candidate) => candidate.files.has(file)) ?? projects.find((candidate) => file.startsWith(candidate.dir + sep));
    if (!project) throw new Error(`${relative(root, file)} lies under no tsconfig`);
    const format = ts.getImpliedNodeFormatForFile(file as ts.Path, project.cache.getPackageJsonInfoCache(), ts.sys, project.options);
    const targets = new Set<string>();
    for (const { specifier, dynamic } of runtimeImports(file, readFileSync(file, 'utf8'))) {
      const mode = dynamic ? ts.ModuleKind.ESNext : format;
      const resolved = ts.resolveModuleName(specifier, file, project.options, ts.sys, project.cache, undefined, mode).resolvedModule;
      const target = resolved && resolve(resolved.resolvedFileName);
      if (target && known.has(target)) targets.add(target); // external packages and declaration files are not followed
      else if (!resolved && OWN_SPECIFIER.test(specifier)) unresolved.push(`${relative(root, file)}: ${specifier}`);
    }
    graph.set(file, targets);
  }
  return { graph, unresolved };
}

/** Each tangle of modules that import each other, as one readable chain through it ("a.ts → b.ts → a.ts"). */
export function importCycles(graph: Map<string, Set<string>>, root: string): string[] {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  const name = (path: string) => relative(root, path).split(sep).join('/');
  return components
    .filter((component) => component.length > 1 || graph.get(component[0]!)?.has(component[0]!))
    .map((component) => {
      const members = new Set(component);
      const start = [...component].sort()[0]!;
      // The shortest way from start back to itself, within the tangle.
      const previous = new Map<string, string>();
      const queue = [start];
      search: for (let at = 0; at < queue.length; at++) {
        for (const next of graph.get(queue[at]!) ?? []) {
          if (!members.has(next)) continue;
          if (next === start) {
            previous.set(start, queue[at]!);
            break search;
          }
          if (!previous.has(next)) {
            previous.set(next, queue[at]!);
            queue.push(next);
          }
        }
      }
      const chain = [start];
      for (let node = previous.get(start)!; node !== start; node = previous.get(node)!) chain.unshift(node);
      chain.unshift(start);
      const path = chain.map(name).join(' → ');
      if (component.length === 1) return `${name(start)} imports itself`;
      const others = component.length - (chain.length - 1);
      return others > 0 ? `${path} (${others} more file${others === 1 ? '' : 's'} in the same cycle: ${component.map(name).sort().join(', ')})` : path;
    })
    .sort();
}

describe('import cycles', () => {
  it('finds none in any workspace', () => {
    const { graph, unresolved } = importGraph(root);
    expect(unresolved).toEqual([]);
    const scanned = [...graph.keys()].map((path) => relative(root, path).split(sep)[0]);
    for (const top of ['services', 'gateway', 'frontend', 'tools', 'proto']) expect(scanned).toContain(top);
    expect(graph.size).toBeGreaterThan(500);
    // The '@swarm/*' workspaces and the frontend's '@/' alias resolve to their files, or a cycle through them would go unseen.
    const edges = [...graph.values()].flatMap((targets) => [...targets].map((target) => relative(root, target)));
    expect(edges).toContain(join('services', 'runtime', 'src', 'index.ts'));
    expect(edges.some((target) => target.startsWith(join('frontend', 'src', 'lib')))).toBe(true);
    expect(importCycles(graph, root)).toEqual([]);
    // Parsing every file of the project takes seconds, many more on a machine running other tests.
  }, 60_000);

  describe('on a small project with cycles of its own', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'package.json': '{ "type": "module" }',
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, verbatimModuleSyntax: true, types: [] }, include: ['src'] }),
      // a → b → c/index → a, through './x.js' for x.ts and a folder's index.
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b();\n",
      'src/b.ts': "export { c as b } from './c/index.js';\n",
      'src/c/index.ts': "import * as a from '../a.js';\nexport const c = () => a;\n",
      // Erased by TypeScript: no cycle. `import { type … }` is kept as `import {}`: a cycle.
      'src/erased/one.ts': "import type { Two } from './two.js';\nexport type One = Two | 1;\nexport type { Two as Deux } from './two.js';\n",
      'src/erased/two.ts': "import { one } from './three.js';\nexport type Two = 2;\nexport const two = one;\n",
      'src/erased/three.ts': "export type { One } from './one.js';\nexport const one = 1;\n",
      'src/kept/four.ts': "import { type Five } from './five.js';\nexport const four: Five = 5;\n",
      'src/kept/five.ts': "import { four } from './four.js';\nexport type Five = 5;\nexport const five = four;\n",
      'src/self.ts': "import { self } from './self.js';\nexport const selfish = () => self;\nexport const self = 1;\n",
      'src/outside.ts': "import ts from 'typescript';\nimport { readFileSync } from 'node:fs';\nimport { gone } from './gone.js';\nexport const outside = [ts, readFileSync, gone];\n",
      // A second project, resolved with its own options: the '@/' alias, extensionless imports, .tsx, import().
      'web/tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', types: [], paths: { '@/*': ['./src/*'] } }, include: ['src'] }),
      'web/src/features/map/view.tsx': "import { format } from '@/lib';\nexport const View = () => <p>{format()}</p>;\n",
      'web/src/lib/index.ts': "export * from './format';\n",
      'web/src/lib/format.ts': "export const format = () => 'x';\nexport const later = () => import('@/features/map/view');\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }

    it('reports each cycle as a chain of files, and a file that imports itself', () => {
      expect(importCycles(importGraph(fixture).graph, fixture)).toEqual([
        'src/a.ts → src/b.ts → src/c/index.ts → src/a.ts',
        'src/kept/five.ts → src/kept/four.ts → src/kept/five.ts',
        'src/self.ts imports itself',
        'web/src/features/map/view.tsx → web/src/lib/index.ts → web/src/lib/format.ts → web/src/features/map/view.tsx',
      ]);
    });

    it('lists what it could not resolve, but not external packages', () => {
      expect(importGraph(fixture).unresolved).toEqual(['src/outside.ts: ./gone.js']);
    });

    it('reads which imports load a module when it runs', () => {
      expect(runtimeImports('x.ts', files['src/erased/one.ts']!)).toEqual([]);
      expect(runtimeImports('x.ts', files['src/kept/four.ts']!)).toEqual([{ specifier: './five.js', dynamic: false }]);
      expect(runtimeImports('x.ts', files['web/src/lib/format.ts']!)).toEqual([{ specifier: '@/features/map/view', dynamic: true }]);
    });
  });
});
