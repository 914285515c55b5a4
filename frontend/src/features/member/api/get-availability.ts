import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { nullableText } from '@/lib/response-schemas';
import { memberKeys } from '@/lib/query-keys/member-keys';

export const weekDays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof weekDays)[number];

export type HourKey = `${WeekDay}From` | `${WeekDay}To`;

const hour = z.number().int().min(0).max(24);
const hourFields = Object.fromEntries(weekDays.flatMap((day) => [`${day}From`, `${day}To`]).map((key) => [key, hour])) as Record<HourKey, typeof hour>;

/**
 * GET /api/member/availability: flat keys (spec §3); the time zone is '' until the browser has sent one. `extraMiles`
 * (0 = off) is read as 0 from a gateway that does not send it yet.
 */
export const availabilitySchema = z.object({
  doNotDisturb: z.boolean(),
  elevationMaximum: z.number(),
  rangeInMiles: z.number(),
  extraMiles: z.number().default(0),
  timeZone: nullableText,
  ...hourFields,
});

export type Availability = z.output<typeof availabilitySchema>;

export type AvailabilityKey = keyof Availability;

export const getAvailability = async (signal?: AbortSignal): Promise<Availability> =>
  parseResponse(availabilitySchema, await apiClient.get<unknown>('/member/availability', { signal }), 'GET /api/member/availability');

export const getAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
  });

export const useAvailability = () => useQuery(getAvailabilityQueryOptions());
