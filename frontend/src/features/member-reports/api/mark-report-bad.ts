import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageResponseSchema } from '@/lib/response-schemas';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** Spec §3: the only reasons the gateway accepts. */
export const badReportReasons = ['Not honey bees', 'Swarm moved into structure', 'Swarm moved on', 'Someone else got the swarm', 'Other'] as const;
export type BadReportReason = (typeof badReportReasons)[number];

export interface MarkReportBad {
  reportId: string;
  reason: BadReportReason;
}

/** PUT /api/member/report/bad answers {message}. */
export const markReportBadResponseSchema = messageResponseSchema;

export const markReportBad = async (request: MarkReportBad): Promise<{ message?: string }> =>
  parseResponse(markReportBadResponseSchema, await apiClient.put<unknown>('/member/report/bad', request), 'PUT /api/member/report/bad');

export function useMarkReportBad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReportBad,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
