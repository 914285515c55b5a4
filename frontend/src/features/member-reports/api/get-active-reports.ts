import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { nullableNumber } from '@/lib/response-schemas';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { reportBaseFields } from './report-types';

/** GET /api/member/report/active: reports the member was alerted about that nobody has claimed yet (spec §7). */
export const activeReportsSchema = z.array(
  z.object({
    ...reportBaseFields,
    /** Miles from the member's home; null when unknown. */
    distanceFromHome: nullableNumber,
  }),
);

export type ActiveReport = z.output<typeof activeReportsSchema>[number];

export const getActiveReports = async (signal?: AbortSignal): Promise<ActiveReport[]> =>
  parseResponse(activeReportsSchema, await apiClient.get<unknown>('/member/report/active', { signal }), 'GET /api/member/report/active');

export const getActiveReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.active,
    queryFn: ({ signal }) => getActiveReports(signal),
  });

export const useActiveReports = () => useQuery(getActiveReportsQueryOptions());
