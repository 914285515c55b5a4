import { isSkipWaiting } from './messages';

/**
 * A new version waits until the visitor agrees to reload (the page's update banner sends SKIP_WAITING); it never takes
 * over by itself, so a page is never switched to files of another version while it is open.
 */
export function activateWhenAsked(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) event.waitUntil(worker.skipWaiting());
  });
}
