import { errorBody } from '@swarm/api-contract/errors';
import type { ApiResponse, ApiRoute } from '@swarm/api-contract/routes';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** Fastify's way of writing the contract's path parameters: /api/report/{reportId} → /api/report/:reportId. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

type Responses<R extends ApiRoute> = R['responses'];
/** The statuses answered with JSON: what fastify checks on the way out (a picture or TwiML is sent as it is). */
type JsonStatus<R extends ApiRoute> = {
  [S in keyof Responses<R>]: Responses<R>[S] extends { body: z.ZodType } ? (Responses<R>[S] extends { contentType: string } ? never : S) : never;
}[keyof Responses<R>];

type DeclaredSchema<R extends ApiRoute> = {
  params: R['params'];
  querystring: R['query'];
  /** Only a JSON body is checked before the route runs; a multipart or form body is read by the route itself. */
  body: R['bodyType'] extends 'multipart/form-data' | 'application/x-www-form-urlencoded' ? undefined : R['body'];
  /** A picture or TwiML is sent as it is: typed as anything, with no schema at run time. */
  response: { [S in keyof Responses<R>]: S extends JsonStatus<R> ? (Responses<R>[S] extends { body: infer B } ? B : never) : undefined } & {
    '4xx': typeof errorBody;
    '5xx': typeof errorBody;
  };
};

const isJson = (response: ApiResponse): response is ApiResponse & { body: z.ZodType } =>
  response.body !== undefined && (response.contentType ?? 'application/json') === 'application/json';

/**
 * The route options of one route of the contract: its method and path, the schemas fastify checks each request and
 * each JSON answer against, and the contract entry itself in the route's config. Every answer the route has no
 * schema of is an error, `{message, errors?}`. A request the schemas refuse is answered by the error handler with the
 * route's own words (`invalidRequest` in the config), never the framework's.
 */
export function contractRoute<const R extends ApiRoute>(route: R, config: Omit<FastifyContextConfig, 'contract'> = {}) {
  const response: Record<string, z.ZodType> = { '4xx': errorBody, '5xx': errorBody };
  for (const [status, answer] of Object.entries(route.responses)) if (isJson(answer)) response[status] = answer.body;
  const readsOwnBody = route.bodyType !== undefined && route.bodyType !== 'application/json';
  const schema = {
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body && !readsOwnBody ? { body: route.body } : {}),
    response,
  } as unknown as DeclaredSchema<R>;
  return { method: route.method, url: fastifyPath(route.path), schema, config: { ...config, contract: route } };
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** Every /api route this gateway registered, as `METHOD /api/path` in the contract's path syntax. */
export const registeredApiRoutes = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Refuses to register an /api route that is not its contract entry's (method and path, with the entry's schemas), so
 * no route answers outside the contract and the OpenAPI document; and keeps the list of those registered.
 */
export function requireContractRoutes(app: FastifyInstance): void {
  const registered = new Set<string>();
  registeredApiRoutes.set(app, registered);
  app.addHook('onRoute', (options) => {
    if (!isApiPath(options.url)) return;
    const methods = (Array.isArray(options.method) ? options.method : [options.method]).filter((method) => method !== 'HEAD');
    const contract = options.config?.contract;
    for (const method of methods) {
      if (!contract || contract.method !== method || fastifyPath(contract.path) !== options.url || !options.schema?.response) {
        throw new Error(`${method} ${options.url} is not a route of the HTTP contract (@swarm/api-contract/routes): register it with contractRoute()`);
      }
      registered.add(`${method} ${contract.path}`);
    }
  });
}
