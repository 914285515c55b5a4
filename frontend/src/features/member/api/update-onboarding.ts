import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { OnboardingEntry } from './get-information';
import { memberKeys, memberRequestKeys } from './member-keys';

export const updateOnboarding = (entry: OnboardingEntry) => apiClient.put<unknown>('/member/onboarding', entry);

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.onboarding,
    mutationFn: updateOnboarding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.information }),
  });
}
