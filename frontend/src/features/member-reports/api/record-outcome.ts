import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** What became of a claimed swarm, in the order the outcome prompt numbers them. */
export const claimOutcomeLabels = claimOutcomes.labels;
export type ClaimOutcome = ClaimOutcomeLabel;

export interface RecordOutcome {
  reportId: string;
  outcome: ClaimOutcome;
}

/** POST /api/member/report/{id}/outcome answers {message}. */
export const recordOutcomeResponseSchema = messageBody;

export const recordOutcome = async ({ reportId, outcome }: RecordOutcome): Promise<{ message: string }> =>
  parseResponse(
    recordOutcomeResponseSchema,
    await apiClient.post<unknown>(`/member/report/${encodeURIComponent(reportId)}/outcome`, { outcome }),
    'POST /api/member/report/{id}/outcome',
  );

export function useRecordOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOutcome,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.claimed }),
  });
}
