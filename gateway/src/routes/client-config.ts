import type { ClientConfig } from '@swarm/api-contract/client-config';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractRoute } from './contract-route.js';

/** GET /api/config: the public settings the browser needs at run time (nothing secret). */
export function clientConfigRoutes(app: FastifyInstance, config: ClientConfig): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getClientConfig),
    handler: async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
  });
}
