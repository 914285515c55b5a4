import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, parseResponse } from '@/lib/api-client';
import { associationJoined } from '@swarm/api-contract/member-company';
import { memberCompaniesQueryKey, memberReportsQueryKey } from './get-member-companies';

/** POST /api/member/company answers {message, company}; the toast uses the spec's own text. */
export const joinAssociationResponseSchema = associationJoined;

export const joinAssociation = async (memberActivationCode: string): Promise<{ message: string }> =>
  parseResponse(joinAssociationResponseSchema, await apiClient.post<unknown>('/member/company', { memberActivationCode }), 'POST /api/member/company');

/** Spec §8: the toast for each way joining can end. */
export function joinFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'Invalid activation code.';
  if (error instanceof ApiError && error.status === 409) return 'You are already a member of this association.';
  if (error instanceof ApiError && error.status === 400) return error.message;
  return 'Something went wrong while joining association.';
}

export const JOIN_SUCCESS_MESSAGE = 'Successfully joined association.';

export const useJoinAssociation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinAssociation,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberCompaniesQueryKey }),
        queryClient.invalidateQueries({ queryKey: memberReportsQueryKey }),
      ]),
  });
};
