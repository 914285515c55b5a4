import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from './report-keys';
import { toClaimedReports, type ClaimedReport } from './report-types';

/** Reports the member holds (spec §7). */
export const getClaimedReports = async (signal?: AbortSignal): Promise<ClaimedReport[]> =>
  toClaimedReports(await apiClient.get<unknown>('/member/report/claimed', { signal }));

export const getClaimedReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.claimed,
    queryFn: ({ signal }) => getClaimedReports(signal),
  });

export const useClaimedReports = () => useQuery(getClaimedReportsQueryOptions());
