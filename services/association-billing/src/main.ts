import { HealthRegistry, createLogger, loadConfigOrExit, requireMongoUrl, runMain, startRpcServer, systemClock, uuidIds } from '@swarm/runtime';
import { connectMongo } from '@swarm/runtime/mongo';
import type { AssociationRepository } from './app/ports.js';
import { MemoryAssociationRepository } from './adapters/memory/memory-association-repository.js';
import { MongoAssociationRepository } from './adapters/mongo/mongo-association-repository.js';
import { buildAssociationBillingService } from './association-billing-service.js';
import { associationBillingConfigShape } from './config.js';

const config = loadConfigOrExit(associationBillingConfigShape);
const logger = createLogger({ service: 'association-billing', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  let associations: AssociationRepository;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    associations = new MongoAssociationRepository(mongo.db);
  } else {
    associations = new MemoryAssociationRepository();
  }

  const service = buildAssociationBillingService({ associations, clock: systemClock, ids: uuidIds });
  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
