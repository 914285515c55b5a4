import { randomBytes } from 'node:crypto';
import type { MemberSession, SessionStore } from './session-store.js';

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, MemberSession & { lastSeenAt: number }>();

  constructor(private readonly options: { idleTimeoutMs: number; now?: () => number }) {}

  async create(memberId: string): Promise<MemberSession> {
    // 256 bits from the system's secure source: a session id cannot be guessed.
    const sessionId = randomBytes(32).toString('base64url');
    const now = this.now();
    const session = { sessionId, memberId, createdAt: new Date(now), lastSeenAt: now };
    this.sessions.set(sessionId, session);
    return { sessionId, memberId, createdAt: session.createdAt };
  }

  async find(sessionId: string): Promise<MemberSession | undefined> {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    const now = this.now();
    if (now - session.lastSeenAt > this.options.idleTimeoutMs) {
      this.sessions.delete(sessionId);
      return undefined;
    }
    session.lastSeenAt = now;
    return { sessionId, memberId: session.memberId, createdAt: session.createdAt };
  }

  async destroy(sessionId: string): Promise<void> {
    this.sessions.delete(sessionId);
  }

  async destroyAllOf(memberId: string): Promise<void> {
    for (const [sessionId, session] of this.sessions) if (session.memberId === memberId) this.sessions.delete(sessionId);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }
}
