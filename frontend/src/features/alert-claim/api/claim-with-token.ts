import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { claimAlertQueryKey, claimedLocationSchema } from './get-claim-alert';

export const claimOutcomes = ['claimed', 'already-yours', 'taken', 'over', 'test'] as const;

export type ClaimOutcome = (typeof claimOutcomes)[number];

/**
 * POST /api/alerts/claim {token}, without a session (the token is the proof): the outcome and a sentence for the
 * member, which for the claimer holds the swarm's location and the reporter's phone (also in `location`, one field
 * each); 404 and 410 as for reading.
 */
export const claimWithTokenResponseSchema = z.object({
  outcome: z.enum(claimOutcomes),
  message: z.string(),
  claimCode: z.string().nullish().transform((value) => value ?? ''),
  /** For the claimer: the swarm's place and the reporter, one field each, so the page can make them tappable. */
  location: claimedLocationSchema.nullish().transform((value) => value ?? undefined),
});

export type ClaimAnswer = z.output<typeof claimWithTokenResponseSchema>;

export const claimWithToken = async (token: string): Promise<ClaimAnswer> =>
  parseResponse(claimWithTokenResponseSchema, await apiClient.post<unknown>('/alerts/claim', { token }), 'POST /api/alerts/claim');

export function useClaimWithToken(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimWithToken(token),
    // The alert's state changed, and so did the member's report lists if they are open in this tab.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: claimAlertQueryKey(token) }),
        queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
      ]),
  });
}
