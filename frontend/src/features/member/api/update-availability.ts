import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { availability } from '@swarm/api-contract/member';
import type { Availability, AvailabilityKey } from './get-availability';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';

/** Spec §7: one key per request. */
export type AvailabilityChange = { [K in AvailabilityKey]: { key: K; value: Availability[K] } }[AvailabilityKey];

/** PUT /api/member/availability answers the availability; it is fetched again all the same. */
export const updateAvailabilityResponseSchema = availability;

export const updateAvailability = async ({ key, value }: AvailabilityChange) =>
  parseResponse(updateAvailabilityResponseSchema, await apiClient.put<unknown>('/member/availability', { [key]: value }), 'PUT /api/member/availability');

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.availability,
    mutationFn: updateAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.availability }),
  });
}
