import { join } from 'node:path';
import { createClient, type ConnectRouter, type Transport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import {
  ConnectionWatch,
  MemoryOutbox,
  OutboxRelay,
  requireMongoUrl,
  secureRandomBelow,
  systemClock,
  uuidIds,
  type OutboxStore,
  type PartWiring,
  type QueueDepth,
} from '@swarm/runtime';
import { geocoderFromSettings } from '@swarm/runtime/geocoding';
import type { z } from 'zod';
import type { ImageStore, ReportLifecycleScheduler, ReportRepository } from './app/ports.js';
import { FileImageStore } from './adapters/file/file-image-store.js';
import { MemoryImageStore } from './adapters/memory/memory-image-store.js';
import { MemoryReportRepository } from './adapters/memory/memory-report-repository.js';
import { RpcSwarmCoverage } from './adapters/rpc/rpc-swarm-coverage.js';
import { InProcessReportLifecycleScheduler } from './adapters/scheduler/in-process-report-lifecycle-scheduler.js';
import { SharpImageProcessor } from './adapters/sharp/sharp-image-processor.js';
import { startRepeatingSweep } from './adapters/timers/repeating-sweep.js';
import type { reportConfigShape } from './config.js';
import { buildReportService } from './report-service.js';

export type ReportConfig = z.infer<z.ZodObject<typeof reportConfigShape>>;

/** The services the report service calls: who covers a swarm (member), and which of them a paying association alerts. */
export type ReportPeers = { member: Transport; associationBilling: Transport };

/** The stores a composition chose, for the benchmark to seed in bulk. */
export type ReportStores = { reports: ReportRepository; images: ImageStore };

/**
 * The lifecycle timers: in Redis through BullMQ when REDIS_URL is set, shared by the replicas and kept across restarts;
 * timers of this process otherwise.
 */
async function timersFromConfig(config: ReportConfig, wiring: PartWiring): Promise<ReportLifecycleScheduler & { depth(): Promise<QueueDepth> }> {
  const { logger } = wiring;
  const retry = { attempts: config.REPORT_TIMER_ATTEMPTS, backoffMs: config.REPORT_TIMER_BACKOFF_MS };
  const onError = (timer: { kind: string; reportId: string }, error: unknown, willRetry: boolean) =>
    logger.warn({ timer: timer.kind, reportId: timer.reportId, err: error, willRetry }, 'report timer failed');
  if (!config.REDIS_URL) return new InProcessReportLifecycleScheduler(systemClock, { ...retry, onError });
  // Loaded only with Redis: the embedded product never needs BullMQ's client.
  const { BullMqReportLifecycleScheduler } = await import('./adapters/scheduler/bullmq-report-lifecycle-scheduler.js');
  const timers = new BullMqReportLifecycleScheduler({
    redisUrl: config.REDIS_URL,
    queueName: config.REPORT_TIMER_QUEUE_NAME,
    prefix: config.REPORT_TIMER_QUEUE_PREFIX,
    clock: systemClock,
    ...retry,
    onError,
    // Every Redis connection of BullMQ reconnects on its own; one watch logs an outage once for all.
    connectionEvents: new ConnectionWatch(logger, 'redis', { url: config.REDIS_URL }),
  });
  return timers;
}

/**
 * The report service from its configuration: the store STORE names (with its outbox and relay), the geocoder
 * GEOCODER names (which places a report's address), the picture processing, the peers it asks who covers a swarm,
 * the events it follows (alert.sent, and its own changes, which arm the reports' lifecycle timers), the timers
 * themselves (REDIS_URL), the sweep that arms every live report's timer again from the store, and the sweep that erases
 * reporters' data after REPORTER_DATA_DAYS. `main.ts` and the embedded product both call it.
 */
export async function composeReportService(
  config: ReportConfig,
  wiring: PartWiring & { peers: ReportPeers },
): Promise<{ routes: (router: ConnectRouter) => void; stores: ReportStores }> {
  const { lifecycle, health, logger } = wiring;
  // Chosen first: a provider without its key stops the start before any connection is made.
  const geocoder = geocoderFromSettings(config);
  // Repositories wake the relay after each write; it is only called once the service is serving.
  const notifyRelay = () => relay.notify();
  let reports: ReportRepository;
  let outbox: OutboxStore;
  let images: ImageStore;
  if (config.STORE === 'mongo') {
    // Loaded only for this store: the MongoDB driver takes ~15 MB that a process keeping everything in memory never needs.
    const [{ MongoOutbox, RecoveringOutbox, connectMongo }, { MongoReportRepository }, { MongoImageStore }] = await Promise.all([
      import('@swarm/runtime/mongo'),
      import('./adapters/mongo/mongo-report-repository.js'),
      import('./adapters/mongo/mongo-image-store.js'),
    ]);
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    const mongoOutbox = new MongoOutbox(mongo.db);
    const repository = new MongoReportRepository(mongo.db, mongoOutbox, notifyRelay);
    await repository.ensureIndexes();
    reports = repository;
    // Every write parks its events on the report until they are in the outbox; the relay moves leftovers first.
    outbox = new RecoveringOutbox(mongoOutbox, [repository]);
    images = new MongoImageStore(mongo.db);
  } else {
    const memoryOutbox = new MemoryOutbox();
    reports = new MemoryReportRepository(memoryOutbox, notifyRelay);
    outbox = memoryOutbox;
    images = config.DATA_DIR ? new FileImageStore(join(config.DATA_DIR, 'pictures')) : new MemoryImageStore();
  }
  const relay = new OutboxRelay(outbox, wiring.bus, logger, { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS });
  relay.start();
  lifecycle.onShutdown('outbox relay', () => relay.stop());
  wiring.metrics.watchOutbox('report', () => outbox.backlog());
  const timers = await timersFromConfig(config, wiring);
  wiring.metrics.watchQueue(config.REPORT_TIMER_QUEUE_NAME, () => timers.depth());

  const service = buildReportService({
    reports,
    coverage: new RpcSwarmCoverage(createClient(MemberService, wiring.peers.member), createClient(AssociationBillingService, wiring.peers.associationBilling)),
    geocoder,
    images,
    imageProcessor: new SharpImageProcessor({ decodeConcurrency: config.IMAGE_DECODE_CONCURRENCY }),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    timers,
  }, { countClaim: (outcome) => wiring.metrics.claims.inc({ outcome }) }, { reportActiveHours: config.REPORT_ACTIVE_HOURS, reporterDataDays: config.REPORTER_DATA_DAYS });
  await service.lifecycle.start();
  lifecycle.onShutdown('report timers', () => timers.close());
  const subscriptions = await service.subscribe(wiring.bus, logger);
  lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });
  // Every replica sweeps: each report is erased and announced once, by whichever gets to it first.
  const retentionSweep = startRepeatingSweep(
    async () => {
      const erased = await service.eraseReporterData.execute();
      for (const reportId of erased) logger.info({ reportId }, "reporter's data erased");
    },
    { intervalMs: config.REPORTER_DATA_SWEEP_INTERVAL_MS, logger, name: 'reporter data retention' },
  );
  lifecycle.onShutdown('reporter data retention sweep', () => retentionSweep.stop());
  // At each start, every live report's timer: timers of this process start empty, and reports whose timers an
  // earlier version kept elsewhere get theirs here. Every replica arms them; arming twice is harmless.
  const timerSweep = startRepeatingSweep(
    async () => {
      const reports = await service.lifecycle.armTimers.forLiveReports();
      logger.info({ reports }, 'lifecycle timers of the live reports armed');
    },
    { intervalMs: config.REPORT_TIMER_SWEEP_INTERVAL_MS, logger, name: 'report timers' },
  );
  lifecycle.onShutdown('report timer sweep', () => timerSweep.stop());
  return { routes: service.routes, stores: { reports, images } };
}
