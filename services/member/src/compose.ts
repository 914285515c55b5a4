import type { ConnectRouter } from '@connectrpc/connect';
import { MemoryOutbox, OutboxRelay, requireMongoUrl, systemClock, uuidIds, type OutboxStore, type PartWiring } from '@swarm/runtime';
import { geocoderFromSettings } from '@swarm/runtime/geocoding';
import type { z } from 'zod';
import type { LoginTokenRepository, MemberRepository } from './app/ports.js';
import { nodeTokenSecrets } from './adapters/crypto/node-token-secrets.js';
import { MemoryLoginTokenRepository } from './adapters/memory/memory-login-token-repository.js';
import { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
import type { memberConfigShape } from './config.js';
import { buildMemberService } from './member-service.js';

export type MemberConfig = z.infer<z.ZodObject<typeof memberConfigShape>>;

/** The stores a composition chose, for the benchmark to seed in bulk. */
export type MemberStores = { members: MemberRepository; loginTokens: LoginTokenRepository };

/**
 * The member service from its configuration: the store STORE names, with its outbox and the relay that publishes
 * member.changed, and the geocoder GEOCODER names (which places a member's address). `main.ts` and the embedded
 * product call it.
 */
export async function composeMemberService(
  config: MemberConfig,
  wiring: PartWiring,
): Promise<{ routes: (router: ConnectRouter) => void; stores: MemberStores }> {
  // Chosen first: a provider without its key stops the start before any connection is made.
  const geocoder = geocoderFromSettings(config);
  if (config.PUSH_ALLOW_LOOPBACK_ENDPOINTS) wiring.logger.warn('PUSH_ALLOW_LOOPBACK_ENDPOINTS=true: push subscriptions may name this machine; for tests only');
  // Repositories wake the relay after each write; it is only called once the service is serving.
  const notifyRelay = () => relay.notify();
  let members: MemberRepository;
  let loginTokens: LoginTokenRepository;
  let outbox: OutboxStore;
  if (config.STORE === 'mongo') {
    // Loaded only for this store: the MongoDB driver takes ~15 MB that a process keeping everything in memory never needs.
    const [{ connectMongo, MongoOutbox, RecoveringOutbox }, { MongoMemberRepository }, { MongoLoginTokenRepository }] = await Promise.all([
      import('@swarm/runtime/mongo'),
      import('./adapters/mongo/mongo-member-repository.js'),
      import('./adapters/mongo/mongo-login-token-repository.js'),
    ]);
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    wiring.lifecycle.onShutdown('mongo', () => mongo.close());
    wiring.health.register('mongo', mongo.isHealthy);
    const mongoOutbox = new MongoOutbox(mongo.db);
    const repository = new MongoMemberRepository(mongo.db, mongoOutbox, notifyRelay);
    const tokens = new MongoLoginTokenRepository(mongo.db);
    await Promise.all([repository.ensureIndexes(), tokens.ensureIndexes()]);
    members = repository;
    loginTokens = tokens;
    // member.changed events a crash left parked on their members reach the outbox before the relay reads it.
    outbox = new RecoveringOutbox(mongoOutbox, [repository]);
  } else {
    const memoryOutbox = new MemoryOutbox();
    members = new MemoryMemberRepository(memoryOutbox, notifyRelay);
    loginTokens = new MemoryLoginTokenRepository();
    outbox = memoryOutbox;
  }
  const relay = new OutboxRelay(outbox, wiring.bus, wiring.logger, { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS });
  relay.start();
  wiring.lifecycle.onShutdown('outbox relay', () => relay.stop());
  const service = buildMemberService({
    members,
    loginTokens,
    geocoder,
    secrets: nodeTokenSecrets,
    clock: systemClock,
    ids: uuidIds,
    loginTokenTtlMs: config.MAGIC_LINK_TTL_MINUTES * 60_000,
    allowLoopbackPushEndpoints: config.PUSH_ALLOW_LOOPBACK_ENDPOINTS,
  });
  return { routes: service.routes, stores: { members, loginTokens } };
}
