import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberInformation, type OnboardingChange } from '@swarm/api-contract/member';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';

/** PUT /api/member/onboarding answers the information; it is fetched again all the same. */
export const updateOnboardingResponseSchema = memberInformation;

export const updateOnboarding = async (entry: OnboardingChange) =>
  parseResponse(updateOnboardingResponseSchema, await apiClient.put<unknown>('/member/onboarding', entry), 'PUT /api/member/onboarding');

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.onboarding,
    mutationFn: updateOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.information }),
  });
}
