import type { PrecacheManifest } from './precache-manifest';

declare global {
  /** Replaced at build time with this build's precache manifest (build/service-worker.ts). */
  const __PRECACHE_MANIFEST__: PrecacheManifest;
}
