import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportAssociations, type AlertedAssociation } from '@swarm/api-contract/report';
import { apiClient, parseResponse } from '@/lib/api-client';

/** GET /api/report/{reportId}/associations: the associations alerted (spec §3), donationUrl null when none. */
export const reportAssociationsSchema = reportAssociations;

export type { AlertedAssociation };

export const getReportAssociations = async (reportId: string, signal?: AbortSignal): Promise<AlertedAssociation[]> =>
  parseResponse(
    reportAssociationsSchema,
    await apiClient.get<unknown>(`/report/${encodeURIComponent(reportId)}/associations`, { signal }),
    'GET /api/report/{reportId}/associations',
  );

export const getReportAssociationsQueryOptions = (reportId: string) =>
  queryOptions({
    queryKey: ['report', reportId, 'associations'] as const,
    queryFn: ({ signal }) => getReportAssociations(reportId, signal),
  });

export const useReportAssociations = (reportId: string) => useQuery(getReportAssociationsQueryOptions(reportId));
