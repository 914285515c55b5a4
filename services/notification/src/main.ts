import { Redis } from 'ioredis';
import { HealthRegistry, createLogger, loadConfigOrExit, requireMongoUrl, runMain, startRpcServer, systemClock } from '@swarm/runtime';
import { eventBusFromConfig } from '@swarm/runtime/nats';
import { connectMongo } from '@swarm/runtime/mongo';
import type { DispatchRepository } from './app/ports.js';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { MongoDispatchRepository } from './adapters/mongo/mongo-dispatch-repository.js';
import { notificationConfigShape } from './config.js';
import { buildNotificationService } from './notification-service.js';

const config = loadConfigOrExit(notificationConfigShape);
const logger = createLogger({ service: 'notification', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  let dispatches: DispatchRepository;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    dispatches = new MongoDispatchRepository(mongo.db);
  } else {
    dispatches = new MemoryDispatchRepository();
  }

  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    await redis.connect();
    lifecycle.onShutdown('redis', async () => {
      await redis.quit();
    });
    health.register('redis', async () => (await redis.ping()) === 'PONG');
  }

  const bus = await eventBusFromConfig(config, 'notification', logger);
  lifecycle.onShutdown('event bus', () => bus.close());
  health.register('event bus', () => bus.isHealthy());

  const service = buildNotificationService({ dispatches, clock: systemClock, bus, logger });
  const subscriptions = await service.subscribe();
  lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });

  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
