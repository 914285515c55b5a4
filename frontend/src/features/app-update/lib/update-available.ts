/** A new version of the site is installed and waiting; `activate` switches to it and reloads the page once. */
export interface UpdateAvailable {
  activate: () => void;
}

type Listener = () => void;

let current: UpdateAvailable | null = null;
const listeners = new Set<Listener>();

/**
 * The one piece of the service worker's state the landing page carries: whether an update waits. The registration
 * (`register-service-worker.ts`, fetched after the page's load event) announces it; the banner reads it.
 */
export const updateAvailable = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: (): UpdateAvailable | null => current,
  announce(update: UpdateAvailable | null): void {
    current = update;
    for (const listener of listeners) listener();
  },
};

/**
 * Registers the service worker once the page has loaded, so neither its registration code (a chunk of its own) nor
 * the worker's precaching competes with what the landing page needs first. Production builds only: the dev server
 * serves no worker.
 */
export function registerServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./register-service-worker')
      .then(({ registerServiceWorker }) =>
        registerServiceWorker({ container: navigator.serviceWorker, onUpdate: updateAvailable.announce, reload: () => window.location.reload() }),
      )
      // The site works without it (no offline pages, no install): worth a note to developers, nothing to the visitor.
      .catch((error: unknown) => console.warn('The service worker could not be registered.', error));
  };
  if (document.readyState === 'complete') setTimeout(register, 0);
  else window.addEventListener('load', register, { once: true });
}
