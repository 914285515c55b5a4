import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberReportKeys } from './report-keys';

/** Spec §3: the only reasons the gateway accepts. */
export const badReportReasons = ['Not honey bees', 'Swarm moved into structure', 'Swarm moved on', 'Someone else got the swarm', 'Other'] as const;
export type BadReportReason = (typeof badReportReasons)[number];

export interface MarkReportBad {
  reportId: string;
  reason: BadReportReason;
}

export const markReportBad = (request: MarkReportBad): Promise<{ message?: string }> =>
  apiClient.put<{ message?: string }>('/member/report/bad', request);

export function useMarkReportBad() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReportBad,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberReportKeys.all }),
  });
}
