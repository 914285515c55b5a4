/**
 * The site's service worker, built into /sw.js by build/service-worker.ts with this build's precache manifest. Each
 * concern registers its own listeners from its own module; push notifications will be one more (`push.ts` with the
 * `push` and `notificationclick` listeners), registered here.
 */
import { serveAppShell } from './app-shell';
import { activateWhenAsked } from './updates';

declare const self: ServiceWorkerGlobalScope;

serveAppShell(self, __PRECACHE_MANIFEST__);
activateWhenAsked(self);
