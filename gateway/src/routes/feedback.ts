import { randomUUID } from 'node:crypto';
import { EMPTY_FEEDBACK_MESSAGE, feedbackBody } from '@swarm/api-contract/feedback';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FeedbackSink } from '../feedback/feedback-sink.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';
import { refuseOverLimit } from './over-limit.js';

const SUBMIT_FAILED = 'There was a problem submitting feedback, please wait and try again.';
const TOO_MANY = 'Too much feedback from this connection. Please wait a while and try again.';

/** Every broken rule, once each; the empty message is the one the widget shows, so it leads whatever else is wrong. */
function feedbackRefusal(request: FastifyRequest): HttpError {
  const parsed = feedbackBody.safeParse(request.body ?? {});
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  const message = errors.includes(EMPTY_FEEDBACK_MESSAGE) ? EMPTY_FEEDBACK_MESSAGE : (errors[0] ?? 'Error');
  return new HttpError(400, message, [...new Set(errors)]);
}

/** POST /api/feedback: the feedback widget on every page (spec §2, §3, §5). */
export function feedbackRoutes(app: FastifyInstance, dependencies: { sink: FeedbackSink; rateLimiter: ClientRateLimiter }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.submitFeedback, { invalidRequest: feedbackRefusal }),
    preValidation: refuseOverLimit(dependencies.rateLimiter, TOO_MANY),
    handler: async (request, reply) => {
      const feedbackId = randomUUID();
      try {
        await dependencies.sink.submit({ feedbackId, ...request.body, receivedAt: new Date() });
      } catch (error) {
        request.log.error({ err: error, feedbackId }, 'feedback could not be forwarded');
        throw new HttpError(503, SUBMIT_FAILED);
      }
      return reply.code(201).send({ feedbackId });
    },
  });
}
