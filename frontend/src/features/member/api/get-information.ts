import { memberInformation, type MemberInformation } from '@swarm/api-contract/member';
import type { OnboardingStatusLabel } from '@swarm/proto/labels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';

/** Onboarding id 1 is the member dashboard tour (spec §3). */
export const DASHBOARD_TOUR_ID = 1;

/** 'a': the tour is still to be shown; 'c': completed (spec §3). */
export type OnboardingStatus = OnboardingStatusLabel;

/** GET /api/member/information. */
export const memberInformationSchema = memberInformation;

export type { MemberInformation };

export const getInformation = async (signal?: AbortSignal): Promise<MemberInformation> =>
  parseResponse(memberInformationSchema, await apiClient.get<unknown>('/member/information', { signal }), 'GET /api/member/information');

export const getInformationQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.information,
    queryFn: ({ signal }) => getInformation(signal),
  });

export const useInformation = () => useQuery(getInformationQueryOptions());
