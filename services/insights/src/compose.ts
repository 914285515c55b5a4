import { createClient, type ConnectRouter, type Transport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { requireMongoUrl, systemClock, type PartWiring } from '@swarm/runtime';
import type { z } from 'zod';
import type { MemberReachRepository, ReportStatisticsRepository, UnservedDemandRepository } from './app/ports.js';
import { subscribeInsights } from './adapters/events/insights-subscribers.js';
import { MemoryMemberReachRepository } from './adapters/memory/memory-member-reach-repository.js';
import { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
import { MemoryUnservedDemandRepository } from './adapters/memory/memory-unserved-demand-repository.js';
import { GazetteerPlaceNames } from './adapters/places/gazetteer-place-names.js';
import { RpcAssociationMembers } from './adapters/rpc/rpc-association-members.js';
import { RpcMemberDirectory } from './adapters/rpc/rpc-member-directory.js';
import type { insightsConfigShape } from './config.js';
import { buildInsightsService } from './insights-service.js';

export type InsightsConfig = z.infer<z.ZodObject<typeof insightsConfigShape>>;

/** The read models a composition chose, for tests that look into everything the product keeps. */
export type InsightsStores = { statistics: ReportStatisticsRepository; unserved: UnservedDemandRepository; reach: MemberReachRepository };

/** The services insights asks: the member service for members' reach, association-billing for the active members. */
export type InsightsPeers = { member: Transport; associationBilling: Transport };

async function storesFromConfig(config: InsightsConfig, wiring: PartWiring): Promise<InsightsStores> {
  if (config.STORE !== 'mongo') return { statistics: new MemoryReportStatisticsRepository(), unserved: new MemoryUnservedDemandRepository(), reach: new MemoryMemberReachRepository() };
  // Loaded only for this store: a process keeping everything in memory never needs the MongoDB driver.
  const [{ connectMongo }, { MongoReportStatisticsRepository }, { MongoUnservedDemandRepository }, { MongoMemberReachRepository }] = await Promise.all([
    import('@swarm/runtime/mongo'),
    import('./adapters/mongo/mongo-report-statistics-repository.js'),
    import('./adapters/mongo/mongo-unserved-demand-repository.js'),
    import('./adapters/mongo/mongo-member-reach-repository.js'),
  ]);
  const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
  wiring.lifecycle.onShutdown('mongo', () => mongo.close());
  wiring.health.register('mongo', mongo.isHealthy);
  const statistics = new MongoReportStatisticsRepository(mongo.db);
  const unserved = new MongoUnservedDemandRepository(mongo.db);
  await Promise.all([statistics.ensureIndexes(), unserved.ensureIndexes()]);
  return { statistics, unserved, reach: new MongoMemberReachRepository(mongo.db) };
}

/**
 * The insights service from its configuration: the store STORE names, its peers (the member service for members'
 * coarse homes and ranges, association-billing for an association's active members) and its durable subscriptions to
 * the events its read models are built from. It publishes nothing. `main.ts` and the embedded product call it.
 */
export async function composeInsightsService(
  config: InsightsConfig,
  wiring: PartWiring & { peers: InsightsPeers },
): Promise<{ routes: (router: ConnectRouter) => void; stores: InsightsStores }> {
  const stores = await storesFromConfig(config, wiring);
  const service = buildInsightsService({
    ...stores,
    members: new RpcMemberDirectory(createClient(MemberService, wiring.peers.member)),
    associationMembers: new RpcAssociationMembers(createClient(AssociationBillingService, wiring.peers.associationBilling)),
    places: new GazetteerPlaceNames(),
    clock: systemClock,
  });
  const subscriptions = await subscribeInsights(wiring.bus, service.follow, service.followMembers, wiring.logger);
  wiring.lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });
  return { routes: service.routes, stores };
}
