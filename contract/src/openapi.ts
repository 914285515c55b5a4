import { z } from 'zod';
import { errorBody } from './errors.js';
import { apiRoutes, type ApiResponse, type ApiRoute } from './routes.js';

type JsonSchema = Record<string, unknown>;

/**
 * A request part as a client writes it (before the gateway's trimming and defaults), an answer as the gateway writes
 * it. Draft 2020-12 is the JSON Schema dialect of OpenAPI 3.1.
 */
const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(part: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!part) return [];
  const schema = jsonSchemaOf(part, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (schema.required ?? []).includes(name),
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

function responseOf(response: ApiResponse) {
  const headers = Object.entries(response.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]);
  return {
    description: response.description,
    ...(headers.length > 0 ? { headers: Object.fromEntries(headers) } : {}),
    ...(response.body ? { content: { [response.contentType ?? 'application/json']: { schema: jsonSchemaOf(response.body, 'output') } } } : {}),
  };
}

function operationOf(name: string, route: ApiRoute) {
  const responses: Record<string, unknown> = Object.fromEntries(Object.entries(route.responses).map(([status, response]) => [status, responseOf(response)]));
  if (route.session) responses['401'] = responseOf({ description: 'No live session.', body: errorBody });
  responses.default = responseOf({ description: "Any other refusal or failure, in the product's words.", body: errorBody });
  return {
    operationId: name,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.session ? { security: [{ memberSession: [] }] } : {}),
    parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { [route.bodyType ?? 'application/json']: { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every /api route, made from the route table and its schemas. */
export function openApiDocument(routes: Record<string, ApiRoute> = apiRoutes) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(routes)) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(name, route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Swarm Alert',
      version: '1',
      description:
        'The REST API the site calls: report a honeybee swarm, and the member area of the beekeepers it alerts. A refusal answers 4xx with `{message, errors?}` in the words the site shows; an unavailable service 503 with Retry-After.',
    },
    paths,
    components: {
      securitySchemes: {
        memberSession: { type: 'apiKey', in: 'cookie', name: '__Host-swarm_session', description: 'The session cookie login sets (swarm_session where cookies are not Secure).' },
      },
    },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
