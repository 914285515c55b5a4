import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';
import { apiClient, parseResponse } from '@/lib/api-client';
import { messageBody } from '@swarm/api-contract/errors';
import type { MagicLinkRequest } from '@swarm/api-contract/login';

/** The email address the link is sent to (spec §3 names it destination in the member app), and a bot-check token. */
export type LoginLinkRequest = Required<MagicLinkRequest>;

/** POST /api/oauth/magic-login/member: the answer is the same whoever asks. */
export const requestLoginLinkResponseSchema = messageBody;

export const requestLoginLink = async (request: LoginLinkRequest) =>
  parseResponse(requestLoginLinkResponseSchema, await apiClient.post<unknown>('/oauth/magic-login/member', request), 'POST /api/oauth/magic-login/member');

export function useRequestLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.loginLink,
    mutationFn: requestLoginLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
