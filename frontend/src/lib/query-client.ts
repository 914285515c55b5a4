import { MutationCache, QueryCache, QueryClient, type DefaultOptions, type Query } from '@tanstack/react-query';
import { ApiError, apiRequest, InvalidResponseError } from './api-client';

/** Every query about the logged-in member starts with this key, so one call can drop them all. */
export const memberQueryRoot = ['member'] as const;

const QUERY_ATTEMPTS = 3;

/**
 * Query meta of a call whose 403 refuses that one request while the session is fine (association statistics: the
 * member is not an admin of that association). The query shows the refusal; the member stays logged in.
 */
export const forbiddenIsRefusalMeta = { forbiddenIsRefusal: true } as const;

/**
 * Spec §6: any 401 or 403, from any call, means the session is gone or not allowed: log the member out. The one
 * exception is a 403 from a query marked with forbiddenIsRefusalMeta.
 */
export const isSessionRejection = (error: unknown, meta?: Record<string, unknown>): boolean =>
  error instanceof ApiError && (error.status === 401 || (error.status === 403 && meta?.forbiddenIsRefusal !== true));

/**
 * A 4xx answer says the request itself is wrong or unauthorised, and an answer of the wrong shape comes back the
 * same: asking again cannot help.
 */
const isClientError = (error: unknown): boolean =>
  (error instanceof ApiError && error.status >= 400 && error.status < 500) || error instanceof InvalidResponseError;

/**
 * Spec §9: mutations are never retried (a retried report could alert beekeepers twice);
 * queries keep the library's three retries with back-off, except for 4xx answers and malformed ones.
 */
export const queryClientDefaults = {
  queries: { retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_ATTEMPTS },
  mutations: { retry: false },
} satisfies DefaultOptions;

type SessionRejectedListener = () => void;
const sessionRejectedListeners = new Set<SessionRejectedListener>();

/** Lets the part of the app that owns navigation react to a rejected session; returns the unsubscribe. */
export function onSessionRejected(listener: SessionRejectedListener): () => void {
  sessionRejectedListeners.add(listener);
  return () => {
    sessionRejectedListeners.delete(listener);
  };
}

export function createQueryClient(defaultOptions: DefaultOptions = queryClientDefaults): QueryClient {
  const queryCache = new QueryCache({ onError: (error, query) => endSession(error, query.meta) });
  const queryClient = new QueryClient({
    defaultOptions,
    queryCache,
    mutationCache: new MutationCache({ onError: (error) => endSession(error) }),
  });

  // A member query still shown on screen is dropped once its screen goes: removing it earlier would make the
  // mounted page ask for it again, and get another 401, before the navigation away has happened.
  const toForget = new Set<Query>();
  queryCache.subscribe((event) => {
    if (event.type === 'observerRemoved' && toForget.has(event.query) && event.query.getObserversCount() === 0) {
      toForget.delete(event.query);
      queryCache.remove(event.query);
    }
  });

  function endSession(error: unknown, meta?: Record<string, unknown>) {
    if (!isSessionRejection(error, meta)) return;
    // Nothing of the member's data stays in memory after the logout.
    for (const query of queryCache.findAll({ queryKey: memberQueryRoot })) {
      if (query.getObserversCount() === 0) queryCache.remove(query);
      else toForget.add(query);
    }
    // A 403 leaves the server's session alive: end it there too, so logging out means the same on both sides.
    if (error instanceof ApiError && error.status === 403) apiRequest('/oauth/logout', { method: 'DELETE' }).catch(() => undefined);
    for (const listener of [...sessionRejectedListeners]) listener();
  }

  return queryClient;
}
