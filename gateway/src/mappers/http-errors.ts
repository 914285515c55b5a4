import { Code, ConnectError } from '@connectrpc/connect';
import { GENERIC_MESSAGE } from '@swarm/proto/labels/answers';
import { domainErrorCode, errorAnswerOf, fieldViolations } from '@swarm/runtime';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The messages a route answers for a status instead of the service's own (spec §8 names one per call and
     * failure). Read by the one error handler, so a route handler just throws.
     */
    errorMessages?: Partial<Record<number, string>>;
    /**
     * Where a browser navigation (a login link, an OpenID redirect) is sent when it fails: a page of the site that
     * explains it, never a JSON body in the browser.
     */
    errorRedirect?: string;
  }
}

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

/** The status of a service's error that carries no rule code of the error table (a transport failure, say). */
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

/** The status an error is answered with: a refusal's own, a service's rule code's or Connect code's, 500 otherwise. */
export function httpStatusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (error instanceof ConnectError) return serviceAnswerOf(error).status;
  return 500;
}

/**
 * A service's error as HTTP: the rule code's row of the error table (@swarm/runtime) when it carries one, else its
 * Connect code's status. The row's message stands alone; without one the service's words are answered, its field
 * violations listed (the first as the message).
 */
function serviceAnswerOf(error: ConnectError): { status: number; message: string | undefined; violations: string[] } {
  const answer = errorAnswerOf(domainErrorCode(error));
  const violations = fieldViolations(error);
  const status = answer?.status ?? (violations.length > 0 ? 400 : (statusByConnectCode[error.code] ?? 500));
  if (answer?.message !== undefined) return { status, message: answer.message, violations: [] };
  return { status, message: violations[0] ?? (status < 500 ? error.rawMessage : undefined), violations };
}

/** Seconds a client is asked to wait before retrying a call that met an unavailable service. */
const RETRY_AFTER_SECONDS = 5;

export { GENERIC_MESSAGE };

/**
 * The input a schema accepts, or a 400 HttpError with every broken rule (the first as the message), which the error
 * handler answers as `{message, errors}`.
 */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown, fallbackMessage = 'Invalid request.'): T {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => issue.message);
  throw new HttpError(400, errors[0] ?? fallbackMessage, errors);
}

/** What a client is told when the framework refuses a request before any route reads it. */
export const FRAMEWORK_MESSAGES = {
  invalidJson: 'The request body could not be read: it is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unsupportedType: 'This kind of request body is not accepted here.',
  unreadable: 'The request could not be read.',
} as const;

/** Fastify's body parser codes for a JSON body it could not parse (secure-json-parse's refusals are under the second). */
const INVALID_JSON_CODES = new Set(['FST_ERR_CTP_EMPTY_JSON_BODY', 'FST_ERR_CTP_INVALID_JSON_BODY']);

/**
 * A refusal of the framework (its 4xx errors: a body that is not JSON, too large, of a type no route reads, a URL that
 * cannot be decoded) as the product says it: the framework's own text names its internals and is left to the log.
 */
export function frameworkRefusal(error: { statusCode: number; code?: unknown }): HttpError {
  const { statusCode: status, code } = error;
  if (typeof code === 'string' && INVALID_JSON_CODES.has(code)) return new HttpError(400, FRAMEWORK_MESSAGES.invalidJson);
  if (status === 413) return new HttpError(413, FRAMEWORK_MESSAGES.tooLarge);
  if (status === 415) return new HttpError(415, FRAMEWORK_MESSAGES.unsupportedType);
  if (status === 404) return new HttpError(404, 'Not found.');
  return new HttpError(status, FRAMEWORK_MESSAGES.unreadable);
}

/**
 * Answers any error with the HTTP status and message the frontend expects: a service's error by the error table, its
 * field violations under `errors` (the form's 'Errors:' block), the route's message for the status first when it
 * names one. This is the one place they are mapped. Internal failures keep their details in the log and out of the
 * response.
 */
export function replyWithError(reply: FastifyReply, error: unknown, messages: Partial<Record<number, string>> = {}): FastifyReply {
  if (error instanceof HttpError) {
    return reply.code(error.status).send(body(messages[error.status] ?? error.message, error.errors));
  }
  if (error instanceof ConnectError) {
    const { status, message, violations } = serviceAnswerOf(error);
    const ruled = errorAnswerOf(domainErrorCode(error)) !== undefined;
    if (status === 503) {
      reply.log.warn({ err: error }, 'service unavailable');
      // A service that died or restarted mid-call is back in a moment; a rule's own 503 says when to try, if ever.
      if (!ruled) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (status >= 500) reply.log.error({ err: error }, 'service call failed');
    return reply.code(status).send(body(messages[status] ?? message ?? GENERIC_MESSAGE, violations));
  }
  reply.log.error({ err: error }, 'request failed');
  return reply.code(500).send(body(GENERIC_MESSAGE));
}

function body(message: string, errors?: string[]): ErrorBody {
  return errors && errors.length > 0 ? { message, errors } : { message };
}
