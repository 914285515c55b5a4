import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/config: the settings the gateway shares with the browser; null means "not configured here". */
export const publicConfigSchema = z.object({
  /** reCAPTCHA v3 site key; null where the gateway runs its development bot check. */
  recaptchaSiteKey: z.string().min(1).nullish().transform((value) => value ?? null),
  /** The number alerts are texted from, for members to save in their contacts. */
  alertSenderNumber: z.string().min(1).nullish().transform((value) => value ?? null),
  /** Days after a report ended before its reporter's data is erased; null from a gateway that does not say. */
  reporterDataDays: z.number().positive().nullish().transform((value) => value ?? null),
  /** Each login provider the gateway knows and whether it is configured; a gateway that does not say offers none. */
  loginProviders: z.record(z.string(), z.boolean()).nullish().transform((value) => value ?? {}),
  /** The VAPID public key (base64url) push subscriptions are made with; '' where Web Push is not configured. */
  webPushPublicKey: z.string().nullish().transform((value) => value?.trim() ?? ''),
});

export type PublicConfig = z.output<typeof publicConfigSchema>;

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
