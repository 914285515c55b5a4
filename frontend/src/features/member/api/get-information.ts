import { onboardingStatuses, type OnboardingStatusLabel } from '@swarm/proto/labels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { nullableText } from '@/lib/response-schemas';
import { memberKeys } from '@/lib/query-keys/member-keys';

/** Onboarding id 1 is the member dashboard tour (spec §3). */
export const DASHBOARD_TOUR_ID = 1;

/** 'a': the tour is still to be shown; 'c': completed (spec §3). */
export type OnboardingStatus = OnboardingStatusLabel;

export interface OnboardingEntry {
  onboardingId: number;
  status: OnboardingStatus;
}

/** GET /api/member/information. Spec §3: null fields become empty strings. */
export const memberInformationSchema = z.object({
  name: nullableText,
  phoneNumber: nullableText,
  address: nullableText,
  onboarding: z
    .array(z.object({ onboardingId: z.number().int(), status: z.enum(onboardingStatuses.labels) }))
    .nullish()
    .transform((entries) => entries ?? []),
});

export type MemberInformation = z.output<typeof memberInformationSchema>;

export const getInformation = async (signal?: AbortSignal): Promise<MemberInformation> =>
  parseResponse(memberInformationSchema, await apiClient.get<unknown>('/member/information', { signal }), 'GET /api/member/information');

export const getInformationQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.information,
    queryFn: ({ signal }) => getInformation(signal),
  });

export const useInformation = () => useQuery(getInformationQueryOptions());
