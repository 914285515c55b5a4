import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Spec §3: a feedback submission; 'widget' names the feedback tab as its source. */
export interface FeedbackSubmission {
  name: string;
  email: string;
  message: string;
  url: string;
  source: 'widget';
}

export const submitFeedback = (feedback: FeedbackSubmission): Promise<unknown> => apiClient.post('/feedback', feedback);

export const useSubmitFeedback = () => useMutation({ mutationFn: submitFeedback });
