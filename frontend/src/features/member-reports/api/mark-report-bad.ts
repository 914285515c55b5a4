import { badReportReasons as badReportReasonVocabulary, type BadReportReasonLabel } from '@swarm/proto/labels';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** Spec §4: the only reasons the gateway accepts, in the order the dialog offers them. */
export const badReportReasons = badReportReasonVocabulary.labels;
export type BadReportReason = BadReportReasonLabel;

export interface MarkReportBad {
  reportId: string;
  reason: BadReportReason;
}

/** PUT /api/member/report/bad answers {message}. */
export const markReportBadResponseSchema = messageBody;

export const markReportBad = async (request: MarkReportBad): Promise<{ message: string }> =>
  parseResponse(markReportBadResponseSchema, await apiClient.put<unknown>('/member/report/bad', request), 'PUT /api/member/report/bad');

export function useMarkReportBad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReportBad,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
