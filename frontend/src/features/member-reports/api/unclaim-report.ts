import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from './report-keys';

export const unclaimReport = (reportId: string): Promise<{ message?: string }> =>
  apiClient.put<{ message?: string }>('/member/report/unclaim', { reportId });

export function useUnclaimReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unclaimReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
