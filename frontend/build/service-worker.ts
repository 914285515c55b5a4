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
 * The PNG icons are left out: the browser fetches them itself when the app is installed, and so are the association
 * map's US outlines (assets/*.json, 300 KB compressed), fetched by the few admins who open a map.
 */
const PRECACHED = (path: string) =>
  path === 'index.html' ||
  path === 'favicon.svg' ||
  path === 'manifest.webmanifest' ||
  (path.startsWith('assets/') && !path.endsWith('.map') && !path.endsWith('.json'));

async function builtFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !/\.(?:br|gz)$/.test(path))
    .sort();
}

/** The precache manifest of a built site: its files, and a version that changes whenever any of their bytes do. */
export async function precacheManifest(folder: string): Promise<PrecacheManifest> {
  const files = (await builtFiles(folder)).filter(PRECACHED);
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
    async writeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const manifest = await precacheManifest(outDir);
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
      const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
      const worker = chunks.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      if (!worker || worker.type !== 'chunk') throw new Error('the service worker build wrote no script');
      await writeFile(join(outDir, SERVICE_WORKER_FILE), worker.code);
    },
  };
}
