import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from './report-keys';

/** Spec §7: claiming is a GET on the report's claim path. */
export const claimReport = (reportId: string): Promise<{ message?: string }> =>
  apiClient.get<{ message?: string }>(`/member/report/${encodeURIComponent(reportId)}/claim`);

export function useClaimReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimReport,
    // A refused claim (someone else was first) also means the lists on screen are stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
