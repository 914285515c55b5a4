import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimAlert, claimedLocation, type ClaimAlert, type ClaimedLocation } from '@swarm/api-contract/alert-claim';
import { claimableStates } from '@swarm/proto/labels';
import { apiClient, parseResponse } from '@/lib/api-client';

/** Where a claimed swarm is and who reported it: given to the member who holds it, never before. */
export const claimedLocationSchema = claimedLocation;

export type { ClaimedLocation };

/** Where a swarm stands for the member the claim link was sent to. */
export const claimStates = claimableStates.labels;

/**
 * GET /api/alerts/claim/{token}, without a session: the alert's facts (the town, never the street) and its state,
 * with the place and the reporter once the token's member holds the swarm; 404 for a link that is not valid, 410 once the swarm can no longer be claimed, each with a message.
 */
export const claimAlertSchema = claimAlert;

export type { ClaimAlert };

export const claimAlertQueryKey = (token: string) => ['alert-claim', token] as const;

export const getClaimAlert = async (token: string, signal?: AbortSignal): Promise<ClaimAlert> =>
  parseResponse(claimAlertSchema, await apiClient.get<unknown>(`/alerts/claim/${encodeURIComponent(token)}`, { signal }), 'GET /api/alerts/claim/{token}');

export const getClaimAlertQueryOptions = (token: string) =>
  queryOptions({
    queryKey: claimAlertQueryKey(token),
    queryFn: ({ signal }) => getClaimAlert(token, signal),
  });

/** Reading the alert never claims it: mail scanners open the links of an email. */
export const useClaimAlert = (token: string) => useQuery(getClaimAlertQueryOptions(token));
