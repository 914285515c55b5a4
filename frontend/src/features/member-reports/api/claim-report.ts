import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** Spec §7: claiming is a GET on the report's claim path. */
export const claimReportResponseSchema = messageBody;

export const claimReport = async (reportId: string): Promise<{ message: string }> =>
  parseResponse(claimReportResponseSchema, await apiClient.get<unknown>(`/member/report/${encodeURIComponent(reportId)}/claim`), 'GET /api/member/report/{id}/claim');

export function useClaimReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReport,
    // A refused claim (someone else was first) also means the lists on screen are stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
