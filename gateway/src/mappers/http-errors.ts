import { Code, ConnectError } from '@connectrpc/connect';
import type { FastifyReply } from 'fastify';

/** The body of every error the gateway answers: one message for a toast, the full list for an 'Errors:' block. */
export type ErrorBody = { message: string; errors?: string[] };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: string[],
  ) {
    super(message);
  }
}

const statusByConnectCode: Partial<Record<Code, number>> = {
  [Code.InvalidArgument]: 400,
  [Code.Unauthenticated]: 401,
  [Code.PermissionDenied]: 403,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.FailedPrecondition]: 409,
  [Code.ResourceExhausted]: 429,
  // A service that died or restarted mid-call: the client may simply try again in a moment. The gateway never
  // cancels a call itself, so Canceled is a service whose process died: its HTTP/2 streams close with CANCEL.
  [Code.Canceled]: 503,
  [Code.Aborted]: 503,
  [Code.Unavailable]: 503,
  [Code.DeadlineExceeded]: 503,
};

/** Seconds a client is asked to wait before retrying a call that met an unavailable service. */
const RETRY_AFTER_SECONDS = 5;

/** Spec §8: the message of a failure that is not the client's. */
export const GENERIC_MESSAGE = 'Something went wrong. Refresh the page and try again.';

/**
 * Answers any error with the HTTP status and message the frontend expects. Internal failures keep their details
 * in the log and out of the response.
 */
export function replyWithError(reply: FastifyReply, error: unknown, messages: Partial<Record<number, string>> = {}): FastifyReply {
  if (error instanceof HttpError) {
    return reply.code(error.status).send(body(messages[error.status] ?? error.message, error.errors));
  }
  if (error instanceof ConnectError) {
    const status = statusByConnectCode[error.code] ?? 500;
    if (status === 503) {
      reply.log.warn({ err: error }, 'service unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (status >= 500) reply.log.error({ err: error }, 'service call failed');
    const message = messages[status] ?? (status < 500 ? error.rawMessage : GENERIC_MESSAGE);
    return reply.code(status).send(body(message));
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.code(500).send(body(GENERIC_MESSAGE));
}

function body(message: string, errors?: string[]): ErrorBody {
  return errors && errors.length > 0 ? { message, errors } : { message };
}
