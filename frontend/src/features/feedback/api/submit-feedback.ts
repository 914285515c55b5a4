import { useMutation } from '@tanstack/react-query';
import { feedbackAccepted, type FeedbackSubmission } from '@swarm/api-contract/feedback';
import { apiClient, parseResponse } from '@/lib/api-client';

/** Spec §3: a feedback submission; 'widget' names the feedback tab as its source. */
export type { FeedbackSubmission };

/** POST /api/feedback answers 201 {feedbackId}; the id is only for the team. */
export const submitFeedbackResponseSchema = feedbackAccepted;

export const submitFeedback = async (feedback: FeedbackSubmission) =>
  parseResponse(submitFeedbackResponseSchema, await apiClient.post<unknown>('/feedback', feedback), 'POST /api/feedback');

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });
