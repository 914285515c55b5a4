import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberKeys } from '@/lib/query-keys/member-keys';
import { noContent } from '@swarm/api-contract/errors';

/** DELETE /api/member/account → 204: the account is erased and every session of the member ended. */
export const deleteAccountResponseSchema = noContent;

export const deleteAccount = async () =>
  parseResponse(deleteAccountResponseSchema, await apiClient.delete<unknown>('/member/account'), 'DELETE /api/member/account');

/** Once deleted, nothing of the member stays cached in the tab. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.removeQueries({ queryKey: memberKeys.all }),
  });
}
