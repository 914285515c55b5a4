import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimAnswer, type ClaimAnswer } from '@swarm/api-contract/alert-claim';
import { claimWithTokenOutcomes, type ClaimWithTokenOutcomeLabel } from '@swarm/proto/labels';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { claimAlertQueryKey } from './get-claim-alert';

export const claimOutcomes = claimWithTokenOutcomes.labels;

export type ClaimOutcome = ClaimWithTokenOutcomeLabel;

/**
 * POST /api/alerts/claim {token}, without a session (the token is the proof): the outcome and a sentence for the
 * member, which for the claimer holds the swarm's location and the reporter's phone (also in `location`, one field
 * each); 404 and 410 as for reading.
 */
export const claimWithTokenResponseSchema = claimAnswer;

export type { ClaimAnswer };

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
