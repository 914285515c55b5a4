import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, memberRequestKeys } from '@/features/member/api/member-keys';
import { apiClient } from '@/lib/api-client';

export interface LoginLinkRequest {
  /** The email address the link is sent to (spec §3 names it destination in the member app). */
  destination: string;
  recaptchaToken: string;
}

export const requestLoginLink = (request: LoginLinkRequest) => apiClient.post<unknown>('/oauth/magic-login/member', request);

export function useRequestLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.loginLink,
    mutationFn: requestLoginLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
