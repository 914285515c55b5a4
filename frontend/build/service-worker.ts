import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { PrecacheManifest } from '../src/service-worker/precache-manifest.ts';

/** Where the worker is served: at the root, so its scope is the whole site without a Service-Worker-Allowed header. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * What a page of the site may need and the worker precaches: the shell, every built script and style sheet (a page
 * keeps its version's files until it reloads, so all of them, the member area's too), and the favicon and manifest.
 * The PNG icons are left out: the browser fetches them itself when the app is installed; and so is what only the
 * association map draws with (its US outlines, assets/*.json, 300 KB compressed; h3-js, d3-geo and Leaflet, about
 * 120 KB compressed: see mapOnlyFiles), fetched by the few admins who open a map, never by every visitor's worker.
 */
const precached = (mapOnly: ReadonlySet<string>) => (path: string) =>
  path === 'index.html' ||
  path === 'favicon.svg' ||
  path === 'manifest.webmanifest' ||
  (path.startsWith('assets/') && !path.endsWith('.map') && !path.endsWith('.json') && !mapOnly.has(path));

/** The association map's lazily loaded modules: its two drawings and the cells' geometry (see association-map-section.tsx). */
const MAP_ONLY_MODULE = /\/features\/association-map\/(?:components\/(?:cell-map|tile-map)\.tsx|lib\/cell-geometry\.ts)$/;

/** What the build says of each of its scripts: enough to follow who imports whom. */
export type BuiltChunk = { fileName: string; facadeModuleId: string | null; imports: readonly string[]; dynamicImports: readonly string[]; css: readonly string[] };

/**
 * The built files only the association map's drawing needs: the chunks of its lazily loaded modules, every chunk they
 * import that nothing else imports, and their style sheets. A chunk shared with any other page stays precached.
 */
export function mapOnlyFiles(chunks: readonly BuiltChunk[]): Set<string> {
  const mapOnly = new Set(chunks.filter((chunk) => chunk.facadeModuleId && MAP_ONLY_MODULE.test(chunk.facadeModuleId)).map((chunk) => chunk.fileName));
  // Grows until no chunk is imported by map chunks alone: a chunk joins once every importer of it is a map chunk.
  for (let grew = true; grew; ) {
    grew = false;
    for (const chunk of chunks) {
      if (mapOnly.has(chunk.fileName)) continue;
      const importers = chunks.filter((other) => other.imports.includes(chunk.fileName) || other.dynamicImports.includes(chunk.fileName));
      if (importers.length > 0 && importers.every((importer) => mapOnly.has(importer.fileName))) {
        mapOnly.add(chunk.fileName);
        grew = true;
      }
    }
  }
  const styles = chunks.filter((chunk) => mapOnly.has(chunk.fileName)).flatMap((chunk) => chunk.css);
  return new Set([...mapOnly, ...styles]);
}

async function builtFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !/\.(?:br|gz)$/.test(path))
    .sort();
}

/** The precache manifest of a built site: its files, and a version that changes whenever any of their bytes do. */
export async function precacheManifest(folder: string, mapOnly: ReadonlySet<string> = new Set()): Promise<PrecacheManifest> {
  const files = (await builtFiles(folder)).filter(precached(mapOnly));
  const version = createHash('sha256');
  for (const file of files) version.update(`${file}\0${createHash('sha256').update(await readFile(join(folder, file))).digest('hex')}\n`);
  return { version: version.digest('hex').slice(0, 16), shell: '/index.html', urls: files.map((file) => `/${file}`) };
}

/**
 * Builds the service worker (`src/service-worker/service-worker.ts`) into `sw.js` at the root of the build, once the
 * site's own files are written, with their precache manifest compiled in: a new build of the site is a new worker, which
 * is how browsers find an update. A classic script (IIFE), which every browser with service workers runs.
 */
export function serviceWorker(options: { entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'swarm-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // writeBundle: after the site's files are on disk, before closeBundle, where the precompress plugin runs.
    async writeBundle(_options, bundle) {
      const outDir = resolve(config.root, config.build.outDir);
      const chunks = Object.values(bundle).flatMap((file): BuiltChunk[] =>
        file.type === 'chunk'
          ? [{ fileName: file.fileName, facadeModuleId: file.facadeModuleId, imports: file.imports, dynamicImports: file.dynamicImports, css: [...(file.viteMetadata?.importedCss ?? [])] }]
          : [],
      );
      const manifest = await precacheManifest(outDir, mapOnlyFiles(chunks));
      const output = await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        publicDir: false,
        mode: config.mode,
        define: { __PRECACHE_MANIFEST__: JSON.stringify(manifest) },
        build: {
          write: false,
          emptyOutDir: false,
          copyPublicDir: false,
          reportCompressedSize: false,
          minify: config.build.minify !== false,
          target: 'es2020',
          lib: { entry: options.entry, formats: ['iife'], name: 'swarmServiceWorker', fileName: () => SERVICE_WORKER_FILE },
        },
      });
      const workerChunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
      const worker = workerChunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!worker || worker.type !== 'chunk') throw new Error('the service worker build wrote no script');
      await writeFile(join(outDir, SERVICE_WORKER_FILE), worker.code);
    },
  };
}
