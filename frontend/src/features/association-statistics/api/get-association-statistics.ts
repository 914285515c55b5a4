import { queryOptions, useQuery } from '@tanstack/react-query';
import { associationStatistics, type AssociationStatistics } from '@swarm/api-contract/association-statistics';
import { apiClient, parseResponse } from '@/lib/api-client';
import { forbiddenIsRefusalMeta, memberQueryRoot } from '@/lib/query-client';

/** GET /api/member/company/{companyId}/statistics: weeks start Monday 00:00 UTC; the period is [since, until). */
export const associationStatisticsSchema = associationStatistics;

export type { AssociationStatistics };
export type StatisticsFigures = AssociationStatistics['total'];

export const associationStatisticsQueryKey = (companyId: string, since: string) =>
  [...memberQueryRoot, 'company', companyId, 'statistics', since] as const;

export const getAssociationStatistics = async (companyId: string, since: string, signal?: AbortSignal): Promise<AssociationStatistics> =>
  parseResponse(
    associationStatisticsSchema,
    await apiClient.get<unknown>(`/member/company/${encodeURIComponent(companyId)}/statistics?since=${since}`, { signal }),
    'GET /api/member/company/{companyId}/statistics',
  );

/** `since` is a YYYY-MM-DD day; the period runs from it up to now. */
export const getAssociationStatisticsQueryOptions = (companyId: string, since: string) =>
  queryOptions({
    queryKey: associationStatisticsQueryKey(companyId, since),
    queryFn: ({ signal }) => getAssociationStatistics(companyId, since, signal),
    // A member whose admin right was just withdrawn gets a 403 here with the session intact: shown, not a logout.
    meta: forbiddenIsRefusalMeta,
  });

export const useAssociationStatistics = (companyId: string, since: string) => useQuery(getAssociationStatisticsQueryOptions(companyId, since));
