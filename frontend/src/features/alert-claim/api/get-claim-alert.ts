import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { nullableNumber, nullableText } from '@/lib/response-schemas';

/** Where a claimed swarm is and who reported it: given to the member who holds it, never before. */
export const claimedLocationSchema = z.object({ address: z.string(), reporterName: z.string(), reporterPhone: z.string(), mapUrl: z.string() });

export type ClaimedLocation = z.output<typeof claimedLocationSchema>;

/** Where a swarm stands for the member the claim link was sent to. */
export const claimStates = ['open', 'yours', 'taken', 'over'] as const;

/**
 * GET /api/alerts/claim/{token}, without a session: the alert's facts (the town, never the street) and its state,
 * with the place and the reporter once the token's member holds the swarm; 404 for a link that is not valid, 410 once the swarm can no longer be claimed, each with a message.
 */
export const claimAlertSchema = z.object({
  reportId: z.string().min(1),
  claimCode: nullableText,
  size: nullableText,
  elevationFeet: nullableNumber,
  distanceMiles: nullableNumber,
  town: nullableText,
  thumbnailUrl: nullableText,
  alertedAt: nullableText,
  state: z.enum(claimStates),
  test: z.boolean().nullish().transform((value) => value === true),
  location: claimedLocationSchema.nullish().transform((value) => value ?? undefined),
});

export type ClaimAlert = z.output<typeof claimAlertSchema>;

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
