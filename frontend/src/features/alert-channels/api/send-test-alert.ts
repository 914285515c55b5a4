import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

/** POST /api/member/test-alert → 202 {channels}: the ways the test alert is sent. */
export const sendTestAlertResponseSchema = z.object({ channels: z.array(z.string()) });

export type TestAlertSent = z.output<typeof sendTestAlertResponseSchema>;

export const sendTestAlert = async (): Promise<TestAlertSent> =>
  parseResponse(sendTestAlertResponseSchema, await apiClient.post<unknown>('/member/test-alert'), 'POST /api/member/test-alert');

export const useSendTestAlert = () => useMutation({ mutationFn: sendTestAlert });
