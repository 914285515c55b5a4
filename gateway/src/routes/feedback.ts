import { randomUUID } from 'node:crypto';
import { MAX_NAME_LENGTH, NAME_TOO_LONG } from '@swarm/proto/labels/forms';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FeedbackSink } from '../feedback/feedback-sink.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';

const EMPTY_MESSAGE = 'Unable to submit feedback with empty message';
const SUBMIT_FAILED = 'There was a problem submitting feedback, please wait and try again.';
const TOO_MANY = 'Too much feedback from this connection. Please wait a while and try again.';

export const MAX_FEEDBACK_MESSAGE_LENGTH = 5_000;

/** Optional text: absent, null and blank all mean "not given". */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, tooLong));

const feedbackBody = z.object({
  name: optionalText(MAX_NAME_LENGTH, NAME_TOO_LONG),
  email: optionalText(254, 'Email is too long').pipe(z.union([z.literal(''), z.email('Email is invalid')])),
  message: z
    .string(EMPTY_MESSAGE)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, EMPTY_MESSAGE).max(MAX_FEEDBACK_MESSAGE_LENGTH, `Message is too long (at most ${MAX_FEEDBACK_MESSAGE_LENGTH} characters)`)),
  url: z.string('The page address is missing').trim().max(2_048, 'The page address is too long'),
  source: z.literal('widget', "Feedback source must be 'widget'"),
});

/** POST /api/feedback: the feedback widget on every page (spec §2, §3, §5). */
export function feedbackRoutes(app: FastifyInstance, dependencies: { sink: FeedbackSink; rateLimiter: ClientRateLimiter }): void {
  app.post('/api/feedback', async (request, reply) => {
    const limit = await dependencies.rateLimiter.take(request);
    if (!limit.allowed) return reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message: TOO_MANY });
    const parsed = feedbackBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => issue.message);
      // The empty message is the one the widget shows, so it leads whatever else is wrong.
      const message = errors.includes(EMPTY_MESSAGE) ? EMPTY_MESSAGE : (errors[0] ?? 'Error');
      throw new HttpError(400, message, [...new Set(errors)]);
    }
    const feedbackId = randomUUID();
    try {
      await dependencies.sink.submit({ feedbackId, ...parsed.data, receivedAt: new Date() });
    } catch (error) {
      request.log.error({ err: error, feedbackId }, 'feedback could not be forwarded');
      throw new HttpError(503, SUBMIT_FAILED);
    }
    return reply.code(201).send({ feedbackId });
  });
}
