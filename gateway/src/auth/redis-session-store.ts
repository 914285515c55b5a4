import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { MemberSession, SessionStore } from './session-store.js';

type StoredSession = { memberId: string; createdAt: string };

/**
 * Sessions in Redis, shared by every gateway process. Each key lives for the idle timeout and every use pushes the
 * expiry back, so Redis itself ends idle sessions. A set per member names their sessions, so all of them can be ended
 * at once; it lives as long as the member's most recently used session.
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly options: { idleTimeoutMs: number; keyPrefix?: string },
  ) {}

  async create(memberId: string): Promise<MemberSession> {
    // 256 bits from the system's secure source: a session id cannot be guessed.
    const sessionId = randomBytes(32).toString('base64url');
    const createdAt = new Date();
    const stored: StoredSession = { memberId, createdAt: createdAt.toISOString() };
    await this.redis
      .multi()
      .set(this.key(sessionId), JSON.stringify(stored), 'PX', this.options.idleTimeoutMs)
      .sadd(this.memberKey(memberId), sessionId)
      .pexpire(this.memberKey(memberId), this.options.idleTimeoutMs)
      .exec();
    return { sessionId, memberId, createdAt };
  }

  async find(sessionId: string): Promise<MemberSession | undefined> {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(sessionId)) return undefined;
    // GETEX reads and renews the idle expiry in one command.
    const raw = await this.redis.getex(this.key(sessionId), 'PX', this.options.idleTimeoutMs);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as StoredSession;
    await this.redis.pexpire(this.memberKey(stored.memberId), this.options.idleTimeoutMs);
    return { sessionId, memberId: stored.memberId, createdAt: new Date(stored.createdAt) };
  }

  async destroy(sessionId: string): Promise<void> {
    await this.redis.del(this.key(sessionId));
  }

  async destroyAllOf(memberId: string): Promise<void> {
    const sessionIds = await this.redis.smembers(this.memberKey(memberId));
    await this.redis.del(...sessionIds.map((sessionId) => this.key(sessionId)), this.memberKey(memberId));
  }

  private memberKey(memberId: string): string {
    return `${this.options.keyPrefix ?? 'swarm:session:'}member:${memberId}`;
  }

  private key(sessionId: string): string {
    return `${this.options.keyPrefix ?? 'swarm:session:'}${sessionId}`;
  }
}
