export type MemberSession = { sessionId: string; memberId: string; createdAt: Date };

/**
 * Where logged-in sessions live: in memory on the embedded default, in Redis when the gateway runs as its own
 * process. The session id is the only thing the browser holds.
 */
export interface SessionStore {
  create(memberId: string): Promise<MemberSession>;
  /** Undefined for an unknown, ended or expired session. */
  find(sessionId: string): Promise<MemberSession | undefined>;
  destroy(sessionId: string): Promise<void>;
  /** Ends every session of the member, in every browser (the member deleted their account). */
  destroyAllOf(memberId: string): Promise<void>;
}
