import type { ApiRoute } from '@swarm/api-contract/routes';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError, parseInput } from './http-errors.js';

/** The part of a request its route's schema refused, as fastify names it. */
export type RequestPart = 'params' | 'querystring' | 'body' | 'headers';

/** A refusal to answer (an HttpError, or a service's error as the route maps it), or a page to send a browser to. */
export type InvalidRequestAnswer = unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in the HTTP contract, whose schemas fastify checks requests and JSON answers against. */
    contract?: ApiRoute;
    /**
     * What a request the contract's schemas refuse is answered, in the words the route has always used for it. Without
     * it, 400 with every broken rule (the first as the message), each in the schema's own words.
     */
    invalidRequest?: (request: FastifyRequest, part: RequestPart) => InvalidRequestAnswer;
  }
}

const partOf = (request: FastifyRequest, part: RequestPart): unknown =>
  ({ params: request.params, querystring: request.query, body: request.body, headers: request.headers })[part];

/**
 * Every broken rule of the refused part in its schema's words (the first as the message), reading a missing part as
 * an empty object, so a POST without a body is told which fields it lacks.
 */
export function refusalBySchema(request: FastifyRequest, part: RequestPart): InvalidRequestAnswer {
  const schema = (request.routeOptions.schema as Partial<Record<RequestPart, z.ZodType>> | undefined)?.[part];
  if (!schema) return new HttpError(400, 'Invalid request.');
  try {
    parseInput(schema, partOf(request, part));
  } catch (error) {
    return error;
  }
  // Read as an empty object, the missing part would pass: the route's schema asks for it as it is.
  return new HttpError(400, 'Invalid request.');
}

/** The answer to a request whose `part` its route's schema refused: the route's own (`invalidRequest`), else by the schema. */
export function invalidRequestRefusal(request: FastifyRequest, part: string): InvalidRequestAnswer {
  const refusedPart: RequestPart = part === 'params' || part === 'querystring' || part === 'headers' ? part : 'body';
  const { invalidRequest } = request.routeOptions.config;
  if (!invalidRequest) return refusalBySchema(request, refusedPart);
  try {
    return invalidRequest(request, refusedPart);
  } catch (error) {
    return error;
  }
}
