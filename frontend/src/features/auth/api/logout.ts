import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, memberRequestKeys } from '@/features/member/api/member-keys';
import { apiClient } from '@/lib/api-client';

export const logout = () => apiClient.delete<unknown>('/oauth/logout');

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
