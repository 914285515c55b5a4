import { queryOptions, useQuery } from '@tanstack/react-query';
import { associationMap, type AssociationMap } from '@swarm/api-contract/association-map';
import { apiClient, parseResponse } from '@/lib/api-client';
import { forbiddenIsRefusalMeta, memberQueryRoot } from '@/lib/query-client';

/** GET /api/member/company/{companyId}/map: the association's H3 cells over [since, until), as for the statistics. */
export type { AssociationMap };
export type MapCell = AssociationMap['cells'][number];

export const associationMapQueryKey = (companyId: string, since: string) => [...memberQueryRoot, 'company', companyId, 'map', since] as const;

export const getAssociationMap = async (companyId: string, since: string, signal?: AbortSignal): Promise<AssociationMap> =>
  parseResponse(
    associationMap,
    await apiClient.get<unknown>(`/member/company/${encodeURIComponent(companyId)}/map?since=${since}`, { signal }),
    'GET /api/member/company/{companyId}/map',
  );

/** `since` is a YYYY-MM-DD day; the period runs from it up to now. */
export const getAssociationMapQueryOptions = (companyId: string, since: string) =>
  queryOptions({
    queryKey: associationMapQueryKey(companyId, since),
    queryFn: ({ signal }) => getAssociationMap(companyId, since, signal),
    // A member whose admin right was just withdrawn gets a 403 here with the session intact: shown, not a logout.
    meta: forbiddenIsRefusalMeta,
  });

export const useAssociationMap = (companyId: string, since: string) => useQuery(getAssociationMapQueryOptions(companyId, since));
