import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';
import { apiClient, parseResponse } from '@/lib/api-client';
import { noContent } from '@swarm/api-contract/errors';

/** DELETE /api/oauth/logout: only the status matters. */
export const logoutResponseSchema = noContent;

export const logout = async () => parseResponse(logoutResponseSchema, await apiClient.delete<unknown>('/oauth/logout'), 'DELETE /api/oauth/logout');

/**
 * Spec §4: the member's cached data goes whether or not the server answered, so nothing of theirs is left
 * in the tab; the caller navigates to '/' in both cases.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.logout,
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ queryKey: memberKeys.all }),
  });
}
