import type { Health } from '@swarm/api-contract/health';
import { apiRoutes } from '@swarm/api-contract/routes';
import { HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVICE_NAMES, type ServiceClients } from '../clients/service-clients.js';
import { contractRoute } from './contract-route.js';

type ServiceHealth = Health['services'][number];

const CHECK_TIMEOUT_MS = 2_000;

/** GET /api/health: the gateway is healthy when every service answers SERVING within two seconds. */
export function healthRoutes(app: FastifyInstance, clients: ServiceClients): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.getHealth),
    handler: async (_request, reply) => {
      const services = await Promise.all(
        SERVICE_NAMES.map(async (name): Promise<ServiceHealth> => {
          try {
            const { status } = await clients.health[name].check({}, { timeoutMs: CHECK_TIMEOUT_MS });
            return { name, status: status === HealthCheckResponse_ServingStatus.SERVING ? 'SERVING' : 'NOT_SERVING' };
          } catch {
            return { name, status: 'UNREACHABLE' };
          }
        }),
      );
      const healthy = services.every((service) => service.status === 'SERVING');
      return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', services });
    },
  });
}
