import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { unreadResponseSchema } from '@/lib/response-schemas';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';

export interface InformationUpdate {
  name: string;
  phoneNumber: string;
  address: string;
}

/** PUT /api/member/information: the answer is not read; the information is fetched again. */
export const updateInformationResponseSchema = unreadResponseSchema;

export const updateInformation = async (update: InformationUpdate) =>
  parseResponse(updateInformationResponseSchema, await apiClient.put<unknown>('/member/information', update), 'PUT /api/member/information');

export function useUpdateInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: memberRequestKeys.information,
    mutationFn: updateInformation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.information }),
  });
}
