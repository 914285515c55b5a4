import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';
import { pushDeviceSchema, type PushDevice } from './get-alert-channels';
import type { NewPushDevice } from '@swarm/api-contract/alert-channels';

/** Spec of the gateway: a device's name is 1 to 60 characters. */
export const DEVICE_NAME_MAX = 60;

export type { NewPushDevice };

/** What `PushSubscription.toJSON()` gives, as the gateway takes it. */
export type PushSubscriptionBody = NewPushDevice['subscription'];

/** POST /api/member/devices → 201 the device; 400 or 409 with a message. */
export const addPushDeviceResponseSchema = pushDeviceSchema;

export const addPushDevice = async (device: NewPushDevice): Promise<PushDevice> =>
  parseResponse(addPushDeviceResponseSchema, await apiClient.post<unknown>('/member/devices', device), 'POST /api/member/devices');

export function useAddPushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.alertChannels }),
  });
}
