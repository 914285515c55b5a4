import { HealthRegistry, createLogger, loadConfigOrExit, requireMongoUrl, runMain, startRpcServer, systemClock, uuidIds } from '@swarm/runtime';
import { connectMongo } from '@swarm/runtime/mongo';
import type { MemberRepository } from './app/ports.js';
import { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
import { MongoMemberRepository } from './adapters/mongo/mongo-member-repository.js';
import { memberConfigShape } from './config.js';
import { buildMemberService } from './member-service.js';

const config = loadConfigOrExit(memberConfigShape);
const logger = createLogger({ service: 'member', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  let members: MemberRepository;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    const repository = new MongoMemberRepository(mongo.db);
    await repository.ensureIndexes();
    members = repository;
  } else {
    members = new MemoryMemberRepository();
  }

  const service = buildMemberService({ members, clock: systemClock, ids: uuidIds });
  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
