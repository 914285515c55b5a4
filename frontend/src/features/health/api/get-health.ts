import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/health. Service states stay plain strings, so a new state from the gateway does not break parsing. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.array(z.object({ name: z.string(), status: z.string() })),
});

export type Health = z.output<typeof healthSchema>;
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
