import { queryOptions, useQuery } from '@tanstack/react-query';
import { availability, weekDays, type Availability, type AvailabilityKey, type HourKey, type WeekDay } from '@swarm/api-contract/member';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';

export { weekDays, type AvailabilityKey, type HourKey, type WeekDay };

/**
 * GET /api/member/availability: flat keys (spec §3); the time zone is '' until the browser has sent one; `extraMiles`
 * is 0 when off.
 */
export const availabilitySchema = availability;

export type { Availability };

export const getAvailability = async (signal?: AbortSignal): Promise<Availability> =>
  parseResponse(availabilitySchema, await apiClient.get<unknown>('/member/availability', { signal }), 'GET /api/member/availability');

export const getAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
  });

export const useAvailability = () => useQuery(getAvailabilityQueryOptions());
