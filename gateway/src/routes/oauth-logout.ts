import type { FastifyInstance } from 'fastify';
import { endSession, type SessionCookieSettings } from '../auth/member-session.js';
import type { SessionStore } from '../auth/session-store.js';

export function logoutRoutes(app: FastifyInstance, options: { sessions: SessionStore; cookies: SessionCookieSettings }): void {
  app.delete('/api/oauth/logout', async (request, reply) => {
    await endSession(options.sessions, options.cookies, request, reply);
    return reply.code(204).send();
  });
}
