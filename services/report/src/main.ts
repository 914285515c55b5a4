import { createClient } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import {
  HealthRegistry,
  MemoryOutbox,
  OutboxRelay,
  createLogger,
  loadConfigOrExit,
  requireMongoUrl,
  runMain,
  secureRandomBelow,
  serviceTransport,
  startRpcServer,
  systemClock,
  uuidIds,
  type OutboxStore,
} from '@swarm/runtime';
import { eventBusFromConfig } from '@swarm/runtime/nats';
import { MongoOutbox, connectMongo } from '@swarm/runtime/mongo';
import type { ImageStore, ReportRepository } from './app/ports.js';
import { MemoryImageStore } from './adapters/memory/memory-image-store.js';
import { MongoImageStore } from './adapters/mongo/mongo-image-store.js';
import { RpcSwarmCoverage } from './adapters/rpc/rpc-swarm-coverage.js';
import { SharpImageProcessor } from './adapters/sharp/sharp-image-processor.js';
import { MemoryReportRepository } from './adapters/memory/memory-report-repository.js';
import { MongoReportRepository, RecoveringReportOutbox } from './adapters/mongo/mongo-report-repository.js';
import { reportConfigShape } from './config.js';
import { buildReportService } from './report-service.js';

const config = loadConfigOrExit(reportConfigShape);
const logger = createLogger({ service: 'report', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  const bus = await eventBusFromConfig(config, 'report', logger);
  lifecycle.onShutdown('event bus', () => bus.close());
  health.register('event bus', () => bus.isHealthy());

  // Repositories wake the relay after each write; it is only called once the service is serving.
  const notifyRelay = () => relay.notify();
  let reports: ReportRepository;
  let outbox: OutboxStore;
  let images: ImageStore;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    const mongoOutbox = new MongoOutbox(mongo.db);
    const repository = new MongoReportRepository(mongo.client, mongo.db, mongoOutbox, notifyRelay);
    await repository.ensureIndexes();
    reports = repository;
    // Claim transitions park their event on the report until it is in the outbox; the relay moves leftovers first.
    outbox = new RecoveringReportOutbox(mongoOutbox, repository);
    images = new MongoImageStore(mongo.db);
  } else {
    const memoryOutbox = new MemoryOutbox();
    reports = new MemoryReportRepository(memoryOutbox, notifyRelay);
    outbox = memoryOutbox;
    images = new MemoryImageStore();
  }

  const relay = new OutboxRelay(outbox, bus, logger, { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS });
  relay.start();
  lifecycle.onShutdown('outbox relay', () => relay.stop());

  const coverage = new RpcSwarmCoverage(
    createClient(MemberService, serviceTransport(config.MEMBER_SERVICE_URL)),
    createClient(AssociationBillingService, serviceTransport(config.ASSOCIATION_BILLING_SERVICE_URL)),
  );
  const service = buildReportService({
    reports,
    coverage,
    images,
    imageProcessor: new SharpImageProcessor(),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
  });
  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
