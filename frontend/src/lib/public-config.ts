import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfig, type ClientConfig } from '@swarm/api-contract/client-config';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/config: the settings the gateway shares with the browser; null means "not configured here". */
export const publicConfigSchema = clientConfig;

export type PublicConfig = ClientConfig;

export const getPublicConfig = async (signal?: AbortSignal): Promise<PublicConfig> =>
  parseResponse(publicConfigSchema, await apiClient.get<unknown>('/config', { signal }), 'GET /api/config');

export const publicConfigQueryKey = ['config'] as const;

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Deployment settings do not change while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());

/** Whether the site may offer login (and association sign-up) with this provider: only once the gateway said so. */
export const isLoginProviderAvailable = (config: PublicConfig | undefined, provider: string): boolean => config?.loginProviders[provider] === true;
