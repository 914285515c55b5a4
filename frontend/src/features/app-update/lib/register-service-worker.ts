import { SKIP_WAITING } from '@/service-worker/messages';
import type { UpdateAvailable } from './update-available';

/** At the root, so the worker's scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/** A page left open asks again whether a new version is out when it comes back into view, at most this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

interface RegisterOptions {
  container: ServiceWorkerContainer;
  /** Called when a new version is installed and waits, never on the first install. */
  onUpdate: (update: UpdateAvailable) => void;
  reload: () => void;
  now?: () => number;
}

/**
 * Registers the site's service worker and watches for new versions. The browser checks for one on each page load
 * (and here, when a page left open comes back into view after an hour); a new worker installs beside the one in use
 * and waits. When this page is controlled by the old one (not a first install: that page came from the network and
 * is the new version already), `onUpdate` is told; `activate` asks the waiting worker to take over and reloads once
 * it has.
 */
export async function registerServiceWorker({ container, onUpdate, reload, now = Date.now }: RegisterOptions): Promise<ServiceWorkerRegistration> {
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };
  let activationAsked = false;
  // Fired when the waiting worker has taken over; only a takeover this page asked for reloads it (another tab's
  // would lose what the visitor is typing here: the banner stays, and its button then only reloads).
  container.addEventListener('controllerchange', () => {
    if (activationAsked) reloadOnce();
  });

  const activate = () => {
    const waiting = registration.waiting;
    if (!waiting) return reloadOnce();
    activationAsked = true;
    waiting.postMessage(SKIP_WAITING);
  };

  let announced: ServiceWorker | null = null;
  const announceIfWaiting = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller || waiting === announced) return;
    announced = waiting;
    onUpdate({ activate });
  };

  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announceIfWaiting();
    });
  });
  // One installed on an earlier visit may be waiting already.
  announceIfWaiting();

  let checkedAt = now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || now() - checkedAt < UPDATE_CHECK_INTERVAL_MS) return;
    checkedAt = now();
    // Offline, or the server is being deployed: the next check will do.
    registration.update().catch(() => undefined);
  });

  return registration;
}
