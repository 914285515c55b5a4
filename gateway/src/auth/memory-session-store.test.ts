import { MemorySessionStore } from './memory-session-store.js';
import { sessionStoreContract } from './session-store.contract.js';

sessionStoreContract('in-memory', async (idleTimeoutMs) => {
  let now = Date.parse('2026-06-01T12:00:00Z');
  return {
    store: new MemorySessionStore({ idleTimeoutMs, now: () => now }),
    elapse: async (ms) => {
      now += ms;
    },
  };
});
