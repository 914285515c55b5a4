import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §3: an association alerted about a report. */
export interface AlertedAssociation {
  name: string;
  donationUrl?: string | null;
}

export const getReportAssociations = (reportId: string, signal?: AbortSignal): Promise<AlertedAssociation[]> =>
  apiClient.get<AlertedAssociation[]>(`/report/${encodeURIComponent(reportId)}/associations`, { signal });

export const getReportAssociationsQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: ['report', reportId, 'associations'] as const,
    queryFn: ({ signal }) => getReportAssociations(reportId, signal),
  });

export const useReportAssociations = (reportId: string) => useQuery(getReportAssociationsQueryOptions(reportId));
