/**
 * What the page may ask of the service worker with `postMessage`. The worker checks the shape of anything it is sent:
 * any script of the origin can post to it.
 */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

export type ServiceWorkerMessage = typeof SKIP_WAITING;

export const isSkipWaiting = (data: unknown): data is typeof SKIP_WAITING =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING.type;
