import type { ConnectRouter } from '@connectrpc/connect';
import { requireMongoUrl, systemClock, type PartWiring } from '@swarm/runtime';
import type { z } from 'zod';
import type { ReportStatisticsRepository, UnservedDemandRepository } from './app/ports.js';
import { subscribeInsights } from './adapters/events/insights-subscribers.js';
import { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
import { MemoryUnservedDemandRepository } from './adapters/memory/memory-unserved-demand-repository.js';
import type { insightsConfigShape } from './config.js';
import { buildInsightsService } from './insights-service.js';

export type InsightsConfig = z.infer<z.ZodObject<typeof insightsConfigShape>>;

/** The read models a composition chose, for tests that look into everything the product keeps. */
export type InsightsStores = { statistics: ReportStatisticsRepository; unserved: UnservedDemandRepository };

async function storesFromConfig(config: InsightsConfig, wiring: PartWiring): Promise<InsightsStores> {
  if (config.STORE !== 'mongo') return { statistics: new MemoryReportStatisticsRepository(), unserved: new MemoryUnservedDemandRepository() };
  // Loaded only for this store: a process keeping everything in memory never needs the MongoDB driver.
  const [{ connectMongo }, { MongoReportStatisticsRepository }, { MongoUnservedDemandRepository }] = await Promise.all([
    import('@swarm/runtime/mongo'),
    import('./adapters/mongo/mongo-report-statistics-repository.js'),
    import('./adapters/mongo/mongo-unserved-demand-repository.js'),
  ]);
  const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
  wiring.lifecycle.onShutdown('mongo', () => mongo.close());
  wiring.health.register('mongo', mongo.isHealthy);
  const statistics = new MongoReportStatisticsRepository(mongo.db);
  const unserved = new MongoUnservedDemandRepository(mongo.db);
  await Promise.all([statistics.ensureIndexes(), unserved.ensureIndexes()]);
  return { statistics, unserved };
}

/**
 * The insights service from its configuration: the store STORE names and its durable subscriptions to the events its
 * read models are built from. It publishes nothing and calls no other service. `main.ts` and the embedded product call it.
 */
export async function composeInsightsService(config: InsightsConfig, wiring: PartWiring): Promise<{ routes: (router: ConnectRouter) => void; stores: InsightsStores }> {
  const stores = await storesFromConfig(config, wiring);
  const service = buildInsightsService({ ...stores, clock: systemClock });
  const subscriptions = await subscribeInsights(wiring.bus, service.follow, wiring.logger);
  wiring.lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });
  return { routes: service.routes, stores };
}
