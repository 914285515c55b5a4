import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from './report-keys';
import { toActiveReports, type ActiveReport } from './report-types';

/** Reports the member was alerted about that nobody has claimed yet, newest first (spec §7). */
export const getActiveReports = async (signal?: AbortSignal): Promise<ActiveReport[]> =>
  toActiveReports(await apiClient.get<unknown>('/member/report/active', { signal }));

export const getActiveReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.active,
    queryFn: ({ signal }) => getActiveReports(signal),
  });

export const useActiveReports = () => useQuery(getActiveReportsQueryOptions());
