import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';
import { nullableText } from '@/lib/response-schemas';

/** A device (a browser on a phone or computer) the member gets alerts on by Web Push. */
export const pushDeviceSchema = z.object({
  deviceId: z.string().min(1),
  name: z.string(),
  /** An ISO instant; '' when the server does not say. */
  addedAt: nullableText,
});

export type PushDevice = z.output<typeof pushDeviceSchema>;

/** GET /api/member/alert-channels (and the answer of PUT): which ways the member is alerted, and their devices. */
export const alertChannelsSchema = z.object({
  sms: z.boolean(),
  push: z.boolean(),
  email: z.boolean(),
  devices: z
    .array(pushDeviceSchema)
    .nullish()
    .transform((devices) => devices ?? []),
});

export type AlertChannels = z.output<typeof alertChannelsSchema>;

export type AlertChannel = 'sms' | 'push' | 'email';

export const getAlertChannels = async (signal?: AbortSignal): Promise<AlertChannels> =>
  parseResponse(alertChannelsSchema, await apiClient.get<unknown>('/member/alert-channels', { signal }), 'GET /api/member/alert-channels');

export const getAlertChannelsQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.alertChannels,
    queryFn: ({ signal }) => getAlertChannels(signal),
  });

export const useAlertChannels = () => useQuery(getAlertChannelsQueryOptions());
