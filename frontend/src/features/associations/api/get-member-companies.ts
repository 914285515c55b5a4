import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from '@/features/member-reports/api/report-keys';

/** One of the member's associations; status 'i' means the association set the member inactive. */
export interface MemberCompany {
  companyId: string;
  companyName: string;
  status: string;
  isAdmin: boolean;
  dateJoined: string;
  dateStatusChanged: string;
}

export const memberCompaniesQueryKey = ['member', 'company'] as const;
/** Every report list of the member area lives under this prefix; joining or leaving changes what they show. */
export const memberReportsQueryKey = memberReportKeys.all;

export const isInactive = (company: MemberCompany): boolean => company.status === 'i';

export const getMemberCompanies = (signal?: AbortSignal): Promise<MemberCompany[]> => apiClient.get<MemberCompany[]>('/member/company', { signal });

export const getMemberCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: memberCompaniesQueryKey,
    queryFn: ({ signal }) => getMemberCompanies(signal),
  });

export const useMemberCompanies = () => useQuery(getMemberCompaniesQueryOptions());
