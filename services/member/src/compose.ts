import type { ConnectRouter } from '@connectrpc/connect';
import { requireMongoUrl, systemClock, uuidIds, type PartWiring } from '@swarm/runtime';
import type { z } from 'zod';
import type { LoginTokenRepository, MemberRepository } from './app/ports.js';
import { nodeTokenSecrets } from './adapters/crypto/node-token-secrets.js';
import { MemoryLoginTokenRepository } from './adapters/memory/memory-login-token-repository.js';
import { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
import type { memberConfigShape } from './config.js';
import { buildMemberService } from './member-service.js';

export type MemberConfig = z.infer<z.ZodObject<typeof memberConfigShape>>;

/** The member service from its configuration: the store STORE names. `main.ts` and the embedded product call it. */
export async function composeMemberService(config: MemberConfig, wiring: PartWiring): Promise<{ routes: (router: ConnectRouter) => void }> {
  let members: MemberRepository;
  let loginTokens: LoginTokenRepository;
  if (config.STORE === 'mongo') {
    // Loaded only for this store: the MongoDB driver takes ~15 MB that a process keeping everything in memory never needs.
    const [{ connectMongo }, { MongoMemberRepository }, { MongoLoginTokenRepository }] = await Promise.all([
      import('@swarm/runtime/mongo'),
      import('./adapters/mongo/mongo-member-repository.js'),
      import('./adapters/mongo/mongo-login-token-repository.js'),
    ]);
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    wiring.lifecycle.onShutdown('mongo', () => mongo.close());
    wiring.health.register('mongo', mongo.isHealthy);
    const repository = new MongoMemberRepository(mongo.db);
    const tokens = new MongoLoginTokenRepository(mongo.db);
    await Promise.all([repository.ensureIndexes(), tokens.ensureIndexes()]);
    members = repository;
    loginTokens = tokens;
  } else {
    members = new MemoryMemberRepository();
    loginTokens = new MemoryLoginTokenRepository();
  }
  return buildMemberService({
    members,
    loginTokens,
    secrets: nodeTokenSecrets,
    clock: systemClock,
    ids: uuidIds,
    loginTokenTtlMs: config.MAGIC_LINK_TTL_MINUTES * 60_000,
  });
}
