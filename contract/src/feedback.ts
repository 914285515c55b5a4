import { MAX_NAME_LENGTH, NAME_TOO_LONG } from '@swarm/proto/labels/forms';
import { z } from 'zod';

/** The message the widget shows for a blank message; it leads whatever else is wrong. */
export const EMPTY_FEEDBACK_MESSAGE = 'Unable to submit feedback with empty message';
export const MAX_FEEDBACK_MESSAGE_LENGTH = 5_000;

/** Optional text: absent, null and blank all mean "not given". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, tooLong));

/** POST /api/feedback: the feedback widget on every page (spec §2, §3, §5); 'widget' names it as the source. */
export const feedbackBody = z.object({
  name: optionalText(MAX_NAME_LENGTH, NAME_TOO_LONG),
  email: optionalText(254, 'Email is too long').pipe(z.union([z.literal(''), z.email('Email is invalid')])),
  message: z
    .string(EMPTY_FEEDBACK_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, EMPTY_FEEDBACK_MESSAGE).max(MAX_FEEDBACK_MESSAGE_LENGTH, `Message is too long (at most ${MAX_FEEDBACK_MESSAGE_LENGTH} characters)`)),
  url: z.string('The page address is missing').trim().max(2_048, 'The page address is too long'),
  source: z.literal('widget', "Feedback source must be 'widget'"),
});
export type FeedbackSubmission = z.input<typeof feedbackBody>;

/** 201: the id is only for the team reading it. */
export const feedbackAccepted = z.object({ feedbackId: z.string() });
