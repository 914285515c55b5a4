import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { unreadResponseSchema } from '@/lib/response-schemas';
import type { OnboardingEntry } from './get-information';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';

/** PUT /api/member/onboarding: the answer is not read; the information is fetched again. */
export const updateOnboardingResponseSchema = unreadResponseSchema;

export const updateOnboarding = async (entry: OnboardingEntry) =>
  parseResponse(updateOnboardingResponseSchema, await apiClient.put<unknown>('/member/onboarding', entry), 'PUT /api/member/onboarding');

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.onboarding,
    mutationFn: updateOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.information }),
  });
}
