import type { PrecacheManifest } from './precache-manifest';

const CACHE_PREFIX = 'swarm-alert-';

/** One cache per version of the site; the worker that activates deletes the others. */
export const cacheNameFor = (manifest: PrecacheManifest) => `${CACHE_PREFIX}${manifest.version}`;

/**
 * Paths the gateway answers itself, page loads included (`/api/oauth/…` sign-ins, the `/dev/outbox` page): never
 * answered with the app shell, never cached.
 */
const SERVER_PATHS = ['/api', '/dev'];

/** A name with an extension at the end of a path: a file, not a page of the site (as the gateway tells them apart). */
const FILE_NAME = /\/[^/]*\.[a-z0-9]+$/i;

export type Route =
  /** Left to the browser: the worker does not answer, so nothing is cached. */
  | { kind: 'network' }
  /** A page of the site: the precached index.html, whatever the path (the app routes in the browser). */
  | { kind: 'shell' }
  /** A file of this build, from the precache. */
  | { kind: 'precached'; path: string };

export type RequestFacts = { method: string; url: string; mode: RequestMode };

const underServerPath = (pathname: string) => SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** What the worker does with a request. Only GETs of this origin are ever answered from the cache. */
export function routeRequest(request: RequestFacts, origin: string, precached: ReadonlySet<string>): Route {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin || underServerPath(url.pathname)) return { kind: 'network' };
  if (request.mode === 'navigate') return FILE_NAME.test(url.pathname) ? { kind: 'network' } : { kind: 'shell' };
  // Built files are asked for without a query; one with a query is something else, left to the server.
  if (url.search === '' && precached.has(url.pathname)) return { kind: 'precached', path: url.pathname };
  return { kind: 'network' };
}

/**
 * The app shell: on install, every file of this version is fetched into a cache of its own; once active, the worker
 * deletes the caches of earlier versions and answers page loads with the precached index.html and the build's files
 * from the cache, so the site opens offline and a page keeps the very files of its version until it reloads into the
 * next one. The API and anything else go to the network untouched.
 */
export function serveAppShell(worker: ServiceWorkerGlobalScope, manifest: PrecacheManifest): void {
  const cacheName = cacheNameFor(manifest);
  const precached = new Set(manifest.urls);

  worker.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const cache = await worker.caches.open(cacheName);
        // Hashed files may come from the HTTP cache (they never change); the others are checked with the server.
        await cache.addAll(manifest.urls.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' })));
      })(),
    );
  });

  worker.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        const names = await worker.caches.keys();
        await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName).map((name) => worker.caches.delete(name)));
      })(),
    );
  });

  worker.addEventListener('fetch', (event) => {
    const route = routeRequest(event.request, worker.location.origin, precached);
    if (route.kind === 'network') return;
    const path = route.kind === 'shell' ? manifest.shell : route.path;
    event.respondWith(
      (async () => {
        const cache = await worker.caches.open(cacheName);
        // One copy per path: whatever encoding the server chose, the cached body is this version's file.
        const cached = await cache.match(path, { ignoreVary: true });
        // Missing only when the browser has evicted the cache: the network still has the site.
        return cached ?? fetch(event.request);
      })(),
    );
  });
}
