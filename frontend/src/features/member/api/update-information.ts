import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberKeys, memberRequestKeys } from './member-keys';

export interface InformationUpdate {
  name: string;
  phoneNumber: string;
  address: string;
}

export const updateInformation = (update: InformationUpdate) => apiClient.put<unknown>('/member/information', update);

export function useUpdateInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.information,
    mutationFn: updateInformation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.information }),
  });
}
