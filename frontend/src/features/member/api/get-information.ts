import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberKeys } from './member-keys';

/** Onboarding id 1 is the member dashboard tour (spec §3). */
export const DASHBOARD_TOUR_ID = 1;

/** 'a': the tour is still to be shown; 'c': completed (spec §3). */
export type OnboardingStatus = 'a' | 'c';

export interface OnboardingEntry {
  onboardingId: number;
  status: OnboardingStatus;
}

export interface MemberInformation {
  name: string;
  phoneNumber: string;
  address: string;
  onboarding: OnboardingEntry[];
}

/** Spec §3: null fields become empty strings. */
export async function getInformation(signal?: AbortSignal): Promise<MemberInformation> {
  const data = await apiClient.get<Partial<Record<keyof MemberInformation, unknown>>>('/member/information', { signal });
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(data?.name),
    phoneNumber: text(data?.phoneNumber),
    address: text(data?.address),
    onboarding: Array.isArray(data?.onboarding) ? (data.onboarding as OnboardingEntry[]) : [],
  };
}

export const getInformationQueryOptions = () =>
  queryOptions({
    queryKey: memberKeys.information,
    queryFn: ({ signal }) => getInformation(signal),
  });

export const useInformation = () => useQuery(getInformationQueryOptions());
