import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export type ServiceStatus = 'ok' | 'degraded';

export interface Health {
  status: ServiceStatus;
  /** Per-service detail; kept as a plain string so a new state from the gateway does not break parsing. */
  services: { name: string; status: string }[];
}

export const getHealth = (signal?: AbortSignal): Promise<Health> => apiClient.get<Health>('/health', { signal });

export const healthQueryKey = ['health'] as const;

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth(signal),
  });

export const useHealth = () => useQuery(getHealthQueryOptions());
