import { useMutation } from '@tanstack/react-query';
import { testAlertSent, type TestAlertSent } from '@swarm/api-contract/alert-channels';
import { apiClient, parseResponse } from '@/lib/api-client';

/** POST /api/member/test-alert → 202 {channels}: the ways the test alert is sent. */
export const sendTestAlertResponseSchema = testAlertSent;

export type { TestAlertSent };

export const sendTestAlert = async (): Promise<TestAlertSent> =>
  parseResponse(sendTestAlertResponseSchema, await apiClient.post<unknown>('/member/test-alert'), 'POST /api/member/test-alert');

export const useSendTestAlert = () => useMutation({ mutationFn: sendTestAlert });
