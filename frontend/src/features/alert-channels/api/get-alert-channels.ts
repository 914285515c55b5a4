import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertChannels, pushDevice, type AlertChannel, type AlertChannels, type PushDevice } from '@swarm/api-contract/alert-channels';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';

/** A device (a browser on a phone or computer) the member gets alerts on by Web Push. */
export const pushDeviceSchema = pushDevice;

export type { PushDevice };

/** GET /api/member/alert-channels (and the answer of PUT): which ways the member is alerted, and their devices. */
export const alertChannelsSchema = alertChannels;

export type { AlertChannel, AlertChannels };

export const getAlertChannels = async (signal?: AbortSignal): Promise<AlertChannels> =>
  parseResponse(alertChannelsSchema, await apiClient.get<unknown>('/member/alert-channels', { signal }), 'GET /api/member/alert-channels');

export const getAlertChannelsQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.alertChannels,
    queryFn: ({ signal }) => getAlertChannels(signal),
  });

export const useAlertChannels = () => useQuery(getAlertChannelsQueryOptions());
