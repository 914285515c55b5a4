import { randomUUID } from 'node:crypto';
import { testRedisUrl } from '@swarm/testing';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryPendingLoginStore, RedisPendingLoginStore, type PendingLogin, type PendingLoginStore } from './pending-logins.js';

const login: PendingLogin = { provider: 'google', purpose: 'member', nonce: 'n', codeVerifier: 'v' };

const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
afterAll(async () => {
  await redis.quit();
});

function pendingLoginContract(name: string, create: () => { store: PendingLoginStore; elapse(ms: number): Promise<void> }): void {
  describe(`PendingLoginStore contract: ${name}`, () => {
    it('gives a pending login back once', async () => {
      const { store } = create();
      await store.put('state-1', login, 60_000);
      expect(await store.take('state-1')).toEqual(login);
      expect(await store.take('state-1')).toBeUndefined();
    });

    it('gives nothing for an unknown state', async () => {
      const { store } = create();
      await store.put('state-1', login, 60_000);
      expect(await store.take('state-2')).toBeUndefined();
    });

    it('forgets a pending login after its lifetime', async () => {
      const { store, elapse } = create();
      await store.put('state-1', login, 200);
      await elapse(350);
      expect(await store.take('state-1')).toBeUndefined();
    });
  });
}

pendingLoginContract('in-memory', () => {
  let now = 0;
  return {
    store: new MemoryPendingLoginStore(() => now),
    elapse: async (ms) => {
      now += ms;
    },
  };
});

pendingLoginContract('Redis', () => ({
  store: new RedisPendingLoginStore(redis, `test:${randomUUID()}:oidc:`),
  elapse: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}));
