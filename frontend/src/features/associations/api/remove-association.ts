import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import { memberCompaniesQueryKey, memberReportsQueryKey } from './get-member-companies';

/** DELETE /api/member/company/{companyId} answers {message}; the toast uses the spec's own text. */
export const removeAssociationResponseSchema = messageBody;

export const removeAssociation = async (companyId: string): Promise<{ message: string }> =>
  parseResponse(removeAssociationResponseSchema, await apiClient.delete<unknown>(`/member/company/${encodeURIComponent(companyId)}`), 'DELETE /api/member/company/{companyId}');

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
