import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Spec §9: mutations are never retried (a retried report could alert beekeepers twice);
 * queries keep the library defaults (three retries with back-off).
 */
export const queryClientDefaults = {
  mutations: { retry: false },
} satisfies DefaultOptions;

export const createQueryClient = (defaultOptions: DefaultOptions = queryClientDefaults): QueryClient =>
  new QueryClient({ defaultOptions });
