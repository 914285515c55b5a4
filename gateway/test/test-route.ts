import { errorBody } from '@swarm/api-contract/errors';
import type { HttpMethod } from '@swarm/api-contract/routes';
import { z } from 'zod';
import { contractRoute } from '../src/routes/contract-route.js';

/**
 * A route a test adds to stand in for any route of the gateway: every /api route is one of the contract's, so it comes
 * with a contract entry of its own (answering `body`, or any JSON when none is given).
 */
export function testRoute(method: HttpMethod, path: string, body: z.ZodType = z.unknown()) {
  return contractRoute({ method, path, tag: 'test', summary: 'A route of this test.', responses: { 200: { description: 'Its answer.', body }, 400: { description: 'Refused.', body: errorBody } } });
}
