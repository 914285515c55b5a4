import type { CookieSerializeOptions } from '@fastify/cookie';
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
    const sessionId = request.cookies[cookieName];
    const session = sessionId ? await sessions.find(sessionId) : undefined;
    if (!session) throw new HttpError(401, LOG_IN_MESSAGE);
    request.memberSession = session;
    if (settings.maxAgeSeconds !== undefined) setSessionCookie(reply, settings, session.sessionId);
  };
}

/** The attributes of the gateway's cookies: HttpOnly, SameSite=Lax, Path=/, Secure outside local development. */
export function cookieAttributes(settings: { secure: boolean }, maxAgeSeconds: number | undefined): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: settings.secure, ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}) };
}

/** Sets the cookie carrying a session id on this response (a later call on the same response replaces it). */
export function setSessionCookie(reply: FastifyReply, settings: SessionCookieSettings, sessionId: string): void {
  reply.setCookie(sessionCookieName(settings), sessionId, cookieAttributes(settings, settings.maxAgeSeconds));
}

/** Tells the browser to forget the session cookie, in place of any session cookie this response set before. */
export function clearSessionCookie(reply: FastifyReply, settings: SessionCookieSettings): void {
  reply.setCookie(sessionCookieName(settings), '', cookieAttributes(settings, 0));
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
  const previous = request.cookies[sessionCookieName(settings)];
  if (previous) await sessions.destroy(previous);
  const session = await sessions.create(memberId);
  setSessionCookie(reply, settings, session.sessionId);
  return session;
}

/** Ends the session the request carries, if any, and clears the cookie. */
export async function endSession(sessions: SessionStore, settings: SessionCookieSettings, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.cookies[sessionCookieName(settings)];
  if (sessionId) await sessions.destroy(sessionId);
  clearSessionCookie(reply, settings);
}
