/**
 * The site's service worker, built into /sw.js by build/service-worker.ts with this build's precache manifest. Each
 * concern registers its own listeners from its own module.
 */
import { serveAppShell } from './app-shell';
import { handleSwarmAlerts } from './push';
import { activateWhenAsked } from './updates';

declare const self: ServiceWorkerGlobalScope;

serveAppShell(self, __PRECACHE_MANIFEST__);
activateWhenAsked(self);
handleSwarmAlerts(self);
