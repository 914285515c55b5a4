import { HealthRegistry, createLogger, loadConfigOrExit, requireMongoUrl, runMain, startRpcServer, systemClock, uuidIds } from '@swarm/runtime';
import { connectMongo } from '@swarm/runtime/mongo';
import type { LoginTokenRepository, MemberRepository } from './app/ports.js';
import { MemoryLoginTokenRepository } from './adapters/memory/memory-login-token-repository.js';
import { MongoLoginTokenRepository } from './adapters/mongo/mongo-login-token-repository.js';
import { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
import { MongoMemberRepository } from './adapters/mongo/mongo-member-repository.js';
import { memberConfigShape } from './config.js';
import { buildMemberService } from './member-service.js';

const config = loadConfigOrExit(memberConfigShape);
const logger = createLogger({ service: 'member', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  let members: MemberRepository;
  let loginTokens: LoginTokenRepository;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    const repository = new MongoMemberRepository(mongo.db);
    await repository.ensureIndexes();
    members = repository;
    const tokens = new MongoLoginTokenRepository(mongo.db);
    await tokens.ensureIndexes();
    loginTokens = tokens;
  } else {
    members = new MemoryMemberRepository();
    loginTokens = new MemoryLoginTokenRepository();
  }

  const service = buildMemberService({
    members,
    loginTokens,
    clock: systemClock,
    ids: uuidIds,
    loginTokenTtlMs: config.MAGIC_LINK_TTL_MINUTES * 60_000,
  });
  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
