import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The settings the gateway shares with the browser; null means "not configured here". */
export interface PublicConfig {
  /** reCAPTCHA v3 site key; null where the gateway runs its development bot check. */
  recaptchaSiteKey: string | null;
  /** The number alerts are texted from, for members to save in their contacts. */
  alertSenderNumber: string | null;
}

export const getPublicConfig = (signal?: AbortSignal): Promise<PublicConfig> => apiClient.get<PublicConfig>('/config', { signal });

export const publicConfigQueryKey = ['config'] as const;

export const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    // Deployment settings do not change while a page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
