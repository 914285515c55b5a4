import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeReports, type ActiveReport } from '@swarm/api-contract/member-reports';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** GET /api/member/report/active: reports the member was alerted about that nobody has claimed yet (spec §7). */
export const activeReportsSchema = activeReports;

export type { ActiveReport };

export const getActiveReports = async (signal?: AbortSignal): Promise<ActiveReport[]> =>
  parseResponse(activeReportsSchema, await apiClient.get<unknown>('/member/report/active', { signal }), 'GET /api/member/report/active');

export const getActiveReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.active,
    queryFn: ({ signal }) => getActiveReports(signal),
  });

export const useActiveReports = () => useQuery(getActiveReportsQueryOptions());
