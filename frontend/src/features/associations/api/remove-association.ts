import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import { memberCompaniesQueryKey, memberReportsQueryKey } from './get-member-companies';

export const removeAssociation = (companyId: string): Promise<{ message: string }> =>
  apiClient.delete<{ message: string }>(`/member/company/${encodeURIComponent(companyId)}`);

export function removeFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Company not found.';
  return 'Something went wrong while deleting association.';
}

/** Spec §8 gives removal the same success text as joining (sic). */
export const REMOVE_SUCCESS_MESSAGE = 'Successfully joined association.';

export const useRemoveAssociation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAssociation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberCompaniesQueryKey }),
        queryClient.invalidateQueries({ queryKey: memberReportsQueryKey }),
      ]),
  });
};
