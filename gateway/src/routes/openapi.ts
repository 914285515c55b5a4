import { openApiDocument } from '@swarm/api-contract/openapi';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from './contract-route.js';

/** GET /api/openapi.json: the HTTP API for other clients, made once from the contract the routes declare. */
export function openApiRoutes(app: FastifyInstance): void {
  const document = openApiDocument();
  app
    .withTypeProvider<ZodTypeProvider>()
    .route({ ...contractRoute(apiRoutes.getOpenApiDocument), handler: async (_request, reply) => reply.header('cache-control', 'no-cache').send(document) });
}
