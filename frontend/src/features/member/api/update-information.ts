import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, parseResponse } from '@/lib/api-client';
import { memberInformation, type MemberInformationChange } from '@swarm/api-contract/member';
import { memberKeys, memberRequestKeys } from '@/lib/query-keys/member-keys';

export type InformationUpdate = MemberInformationChange;

/** PUT /api/member/information answers the information; it is fetched again all the same. */
export const updateInformationResponseSchema = memberInformation;

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
