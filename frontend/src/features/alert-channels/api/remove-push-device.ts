import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';
import { noContent } from '@swarm/api-contract/errors';

/** DELETE /api/member/devices/{deviceId} → 204. */
export const removePushDeviceResponseSchema = noContent;

export const removePushDevice = async (deviceId: string) =>
  parseResponse(
    removePushDeviceResponseSchema,
    await apiClient.delete<unknown>(`/member/devices/${encodeURIComponent(deviceId)}`),
    'DELETE /api/member/devices/{deviceId}',
  );

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.alertChannels }),
  });
}
