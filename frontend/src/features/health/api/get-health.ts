import { queryOptions, useQuery } from '@tanstack/react-query';
import { health, type Health } from '@swarm/api-contract/health';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/health. */
export const healthSchema = health;

export type { Health };
export type ServiceStatus = Health['status'];

export const getHealth = async (signal?: AbortSignal): Promise<Health> =>
  parseResponse(healthSchema, await apiClient.get<unknown>('/health', { signal }), 'GET /api/health');

export const healthQueryKey = ['health'] as const;

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth(signal),
  });

export const useHealth = () => useQuery(getHealthQueryOptions());
