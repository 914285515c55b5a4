import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import { memberReportKeys } from '@/lib/query-keys/report-keys';

/** PUT /api/member/report/unclaim answers {message}. */
export const unclaimReportResponseSchema = messageBody;

export const unclaimReport = async (reportId: string): Promise<{ message: string }> =>
  parseResponse(unclaimReportResponseSchema, await apiClient.put<unknown>('/member/report/unclaim', { reportId }), 'PUT /api/member/report/unclaim');

export function useUnclaimReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unclaimReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
