import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionStore } from './session-store.js';

export type SessionStoreFixture = {
  store: SessionStore;
  /** Lets `ms` pass for the store: a fake clock moves, or the test waits. */
  elapse(ms: number): Promise<void>;
};

/** What every SessionStore adapter must do; `create` gives a store with the given idle timeout. */
export function sessionStoreContract(name: string, create: (idleTimeoutMs: number) => Promise<SessionStoreFixture>): void {
  describe(`SessionStore contract: ${name}`, () => {
    const IDLE_MS = 600;
    let fixture: SessionStoreFixture;
    beforeEach(async () => {
      fixture = await create(IDLE_MS);
    });

    it('finds a created session by its id', async () => {
      const session = await fixture.store.create('member-1');
      expect(session.memberId).toBe('member-1');
      expect(await fixture.store.find(session.sessionId)).toEqual(session);
    });

    it('gives every session an unguessable id of at least 128 bits', async () => {
      const ids = await Promise.all(Array.from({ length: 20 }, () => fixture.store.create('member-1').then((session) => session.sessionId)));
      expect(new Set(ids).size).toBe(20);
      for (const id of ids) expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
    });

    it('finds nothing for an unknown or malformed id', async () => {
      await fixture.store.create('member-1');
      expect(await fixture.store.find('unknown')).toBeUndefined();
      expect(await fixture.store.find('')).toBeUndefined();
      expect(await fixture.store.find('../../etc')).toBeUndefined();
    });

    it('forgets a destroyed session and keeps the others', async () => {
      const ended = await fixture.store.create('member-1');
      const kept = await fixture.store.create('member-1');
      await fixture.store.destroy(ended.sessionId);
      expect(await fixture.store.find(ended.sessionId)).toBeUndefined();
      expect(await fixture.store.find(kept.sessionId)).toEqual(kept);
    });

    it("ends every session of a member at once and keeps other members' sessions", async () => {
      const [first, second] = [await fixture.store.create('member-1'), await fixture.store.create('member-1')];
      const other = await fixture.store.create('member-2');
      await fixture.store.destroyAllOf('member-1');
      expect(await fixture.store.find(first.sessionId)).toBeUndefined();
      expect(await fixture.store.find(second.sessionId)).toBeUndefined();
      expect(await fixture.store.find(other.sessionId)).toEqual(other);
      await fixture.store.destroyAllOf('member-without-sessions');
    });

    it('ends a session left idle longer than the timeout', async () => {
      const session = await fixture.store.create('member-1');
      await fixture.elapse(IDLE_MS + 200);
      expect(await fixture.store.find(session.sessionId)).toBeUndefined();
    });

    it('keeps a session alive while it is used within the timeout', async () => {
      const session = await fixture.store.create('member-1');
      for (let use = 0; use < 3; use += 1) {
        await fixture.elapse(IDLE_MS / 2);
        expect(await fixture.store.find(session.sessionId)).toEqual(session);
      }
    });
  });
}
