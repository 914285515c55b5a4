import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';
import type { AlertChannelsChange } from '@swarm/api-contract/alert-channels';
import { alertChannelsSchema, type AlertChannels } from './get-alert-channels';

export type { AlertChannelsChange };

/** PUT /api/member/alert-channels {sms?, push?, email?}: answers the channels as they now are. */
export const updateAlertChannelsResponseSchema = alertChannelsSchema;

export const updateAlertChannels = async (change: AlertChannelsChange): Promise<AlertChannels> =>
  parseResponse(updateAlertChannelsResponseSchema, await apiClient.put<unknown>('/member/alert-channels', change), 'PUT /api/member/alert-channels');

export function useUpdateAlertChannels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertChannels,
    onSuccess: (channels) => queryClient.setQueryData(memberKeys.alertChannels, channels),
    // A refusal means the screen may be stale too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.alertChannels }),
  });
}
