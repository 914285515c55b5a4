import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, forbiddenIsRefusalMeta, onSessionRejected, queryClientDefaults } from './query-client';

const retry = queryClientDefaults.queries.retry;

describe('query client', () => {
  it('retries a failed query up to three times', () => {
    const networkFailure = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((failures) => retry(failures, networkFailure))).toEqual([true, true, true, false]);
    expect(retry(0, new ApiError(503, 'Unavailable', undefined))).toBe(true);
  });

  it.each([400, 401, 403, 404, 429])('never retries a query answered %i', (status) => {
    expect(retry(0, new ApiError(status, 'Refused', undefined))).toBe(false);
  });

  it('never retries a mutation', () => {
    expect(queryClientDefaults.mutations.retry).toBe(false);
  });

  it.each([401, 403])('ends the session when a query is answered %i: the member data goes and listeners hear of it', async (status) => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    queryClient.setQueryData(['member', 'availability'], { rangeInMiles: 5 });
    queryClient.setQueryData(['places', 'autocomplete', 'Port'], []);
    const listener = vi.fn();
    const unsubscribe = onSessionRejected(listener);

    await queryClient
      .fetchQuery({ queryKey: ['member', 'information'], queryFn: () => Promise.reject(new ApiError(status, 'Not logged in.', undefined)) })
      .catch(() => undefined);
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['member', 'availability'])).toBeUndefined();
    expect(queryClient.getQueryData(['places', 'autocomplete', 'Port'])).toEqual([]);
  });

  it('ends the session when a mutation is answered 401', async () => {
    const queryClient = createQueryClient();
    const listener = vi.fn();
    const unsubscribe = onSessionRejected(listener);

    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new ApiError(401, 'Not logged in.', undefined)) })
      .execute(undefined)
      .catch(() => undefined);
    unsubscribe();

    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ends the server session too when a call is answered 403', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient({ queries: { retry: false } });

    await queryClient
      .fetchQuery({ queryKey: ['member', 'information'], queryFn: () => Promise.reject(new ApiError(403, 'Forbidden.', undefined)) })
      .catch(() => undefined);

    expect(fetchMock).toHaveBeenCalledWith('/api/oauth/logout', expect.objectContaining({ method: 'DELETE', credentials: 'include' }));
    vi.unstubAllGlobals();
  });

  it('leaves the session alone on other failures', async () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    queryClient.setQueryData(['member', 'availability'], { rangeInMiles: 5 });
    const listener = vi.fn();
    const unsubscribe = onSessionRejected(listener);

    await queryClient
      .fetchQuery({ queryKey: ['member', 'information'], queryFn: () => Promise.reject(new ApiError(500, 'Boom.', undefined)) })
      .catch(() => undefined);
    unsubscribe();

    expect(listener).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['member', 'availability'])).toEqual({ rangeInMiles: 5 });
  });

  it('keeps the session when a query marked forbiddenIsRefusalMeta is answered 403, but not 401', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = createQueryClient({ queries: { retry: false } });
    queryClient.setQueryData(['member', 'availability'], { rangeInMiles: 5 });
    const listener = vi.fn();
    const unsubscribe = onSessionRejected(listener);
    const refused = (status: number) =>
      queryClient
        .fetchQuery({ queryKey: ['member', 'statistics', status], meta: forbiddenIsRefusalMeta, queryFn: () => Promise.reject(new ApiError(status, 'Refused.', undefined)) })
        .catch(() => undefined);

    await refused(403);
    expect(listener).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['member', 'availability'])).toEqual({ rangeInMiles: 5 });

    await refused(401);
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
