import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import { endSession, type SessionCookieSettings } from '../auth/member-session.js';
import type { SessionStore } from '../auth/session-store.js';
import { contractRoute } from './contract-route.js';

export function logoutRoutes(app: FastifyInstance, options: { sessions: SessionStore; cookies: SessionCookieSettings }): void {
  app.route({
    ...contractRoute(apiRoutes.logout),
    handler: async (request, reply) => {
      await endSession(options.sessions, options.cookies, request, reply);
      return reply.code(204).send();
    },
  });
}
