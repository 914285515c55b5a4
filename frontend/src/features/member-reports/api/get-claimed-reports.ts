import { claimedReports, type ClaimedReport } from '@swarm/api-contract/member-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** GET /api/member/report/claimed: the reports the member holds (spec §7). */
export const claimedReportsSchema = claimedReports;

export type { ClaimedReport };

export const getClaimedReports = async (signal?: AbortSignal): Promise<ClaimedReport[]> =>
  parseResponse(claimedReportsSchema, await apiClient.get<unknown>('/member/report/claimed', { signal }), 'GET /api/member/report/claimed');

export const getClaimedReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.claimed,
    queryFn: ({ signal }) => getClaimedReports(signal),
  });

export const useClaimedReports = () => useQuery(getClaimedReportsQueryOptions());
