import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberKeys } from './member-keys';

export const weekDays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof weekDays)[number];

export type HourKey = `${WeekDay}From` | `${WeekDay}To`;

export type Availability = {
  doNotDisturb: boolean;
  elevationMaximum: number;
  rangeInMiles: number;
  timeZone: string;
} & Record<HourKey, number>;

export type AvailabilityKey = keyof Availability;

export const getAvailability = (signal?: AbortSignal) => apiClient.get<Availability>('/member/availability', { signal });

export const getAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.availability,
    queryFn: ({ signal }) => getAvailability(signal),
  });

export const useAvailability = () => useQuery(getAvailabilityQueryOptions());
