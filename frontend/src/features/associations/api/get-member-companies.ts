import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberCompanies, type MemberCompany } from '@swarm/api-contract/member-company';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** GET /api/member/company: the member's associations; status 'i' means the association set the member inactive. */
export const memberCompaniesSchema = memberCompanies;

export type { MemberCompany };

export const memberCompaniesQueryKey = ['member', 'company'] as const;
/** Every report list of the member area lives under this prefix; joining or leaving changes what they show. */
export const memberReportsQueryKey = memberReportKeys.all;

export const isInactive = (company: MemberCompany): boolean => company.status === 'i';

export const getMemberCompanies = async (signal?: AbortSignal): Promise<MemberCompany[]> =>
  parseResponse(memberCompaniesSchema, await apiClient.get<unknown>('/member/company', { signal }), 'GET /api/member/company');

export const getMemberCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: memberCompaniesQueryKey,
    queryFn: ({ signal }) => getMemberCompanies(signal),
  });

export const useMemberCompanies = () => useQuery(getMemberCompaniesQueryOptions());
