import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';

/** Spec §3: a feedback submission; 'widget' names the feedback tab as its source. */
export interface FeedbackSubmission {
  name: string;
  email: string;
  message: string;
  url: string;
  source: 'widget';
}

/** POST /api/feedback answers 201 {feedbackId}; the id is only for the team, so an answer without it is accepted. */
export const submitFeedbackResponseSchema = z.object({ feedbackId: z.string().optional() }).nullish();

export const submitFeedback = async (feedback: FeedbackSubmission) =>
  parseResponse(submitFeedbackResponseSchema, await apiClient.post<unknown>('/feedback', feedback), 'POST /api/feedback');

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });
