import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../mappers/http-errors.js';
import type { MemberSession, SessionStore } from './session-store.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMember on every member call. */
    memberSession?: MemberSession;
  }
}

export type SessionCookieSettings = {
  /** Secure cookies everywhere but local development over plain HTTP. */
  secure: boolean;
  /** How long the browser keeps the cookie; renewed on every member call, like the session's idle expiry. */
  maxAgeSeconds?: number;
};

/** `__Host-` binds the cookie to this exact origin, but browsers accept that prefix only on Secure cookies. */
export function sessionCookieName(settings: SessionCookieSettings): string {
  return settings.secure ? '__Host-swarm_session' : 'swarm_session';
}

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const LOG_IN_MESSAGE = 'Please log in.';

/**
 * The member a request acts for: the one way a route reads it. Every /api/member/ route passes requireMember first;
 * a route that somehow did not answers 401, never a 500.
 */
export function memberIdOf(request: FastifyRequest): string {
  const memberId = request.memberSession?.memberId;
  if (!memberId) throw new HttpError(401, LOG_IN_MESSAGE);
  return memberId;
}

/** Fastify preHandler for every /api/member call: 401 unless the request carries a live session. */
export function requireMember(sessions: SessionStore, settings: SessionCookieSettings) {
  const cookieName = sessionCookieName(settings);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const sessionId = readCookie(request, cookieName);
    const session = sessionId ? await sessions.find(sessionId) : undefined;
    if (!session) throw new HttpError(401, LOG_IN_MESSAGE);
    request.memberSession = session;
    if (settings.maxAgeSeconds !== undefined) reply.header('set-cookie', sessionCookie(settings, session.sessionId));
  };
}

/** The Set-Cookie value carrying a session id: HttpOnly, SameSite=Lax, Path=/, Secure outside local development. */
export function sessionCookie(settings: SessionCookieSettings, sessionId: string): string {
  const attributes = [`${sessionCookieName(settings)}=${encodeURIComponent(sessionId)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (settings.maxAgeSeconds !== undefined) attributes.push(`Max-Age=${settings.maxAgeSeconds}`);
  if (settings.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(settings: SessionCookieSettings): string {
  const attributes = [`${sessionCookieName(settings)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0'];
  if (settings.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * Logs a member in on this response: a new session id (any session the browser already had is ended, so an id
 * planted before login is worthless after it) set in the cookie.
 */
export async function startSession(
  sessions: SessionStore,
  settings: SessionCookieSettings,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: string,
): Promise<MemberSession> {
  const previous = readCookie(request, sessionCookieName(settings));
  if (previous) await sessions.destroy(previous);
  const session = await sessions.create(memberId);
  reply.header('set-cookie', sessionCookie(settings, session.sessionId));
  return session;
}

/** Ends the session the request carries, if any, and clears the cookie. */
export async function endSession(sessions: SessionStore, settings: SessionCookieSettings, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = readCookie(request, sessionCookieName(settings));
  if (sessionId) await sessions.destroy(sessionId);
  reply.header('set-cookie', clearedSessionCookie(settings));
}
