import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { Availability, AvailabilityKey } from './get-availability';
import { memberKeys, memberRequestKeys } from './member-keys';

/** Spec §7: one key per request. */
export type AvailabilityChange = { [K in AvailabilityKey]: { key: K; value: Availability[K] } }[AvailabilityKey];

export const updateAvailability = ({ key, value }: AvailabilityChange) =>
  apiClient.put<unknown>('/member/availability', { [key]: value });

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.availability,
    mutationFn: updateAvailability,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.availability }),
  });
}
