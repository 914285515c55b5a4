import { createClient, type ConnectRouter, type Transport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import {
  ConfigError,
  ConnectionWatch,
  MemoryOutbox,
  OutboxRelay,
  requireMongoUrl,
  systemClock,
  type Metrics,
  type OutboxStore,
  type PartWiring,
  type QueueDepth,
} from '@swarm/runtime';
import { mailerFromSettings } from '@swarm/runtime/smtp';
import type { z } from 'zod';
import type { InboundSmsRepository } from './app/ports/inbound.js';
import type { AlertScheduler } from './app/ports/alert-jobs.js';
import type { SmsSender } from './app/ports/sms.js';
import type { ReporterTextEvents } from './app/ports/stores.js';
import type {
  ClaimRecordRepository,
  DispatchRepository,
  MemberSettingsRepository,
  SentAlertRepository,
  SentTextRepository,
  SmsOptOutRepository,
} from './app/ports/stores.js';
import { DevOutboxSmsSender } from './adapters/dev-outbox/dev-outbox-sms-sender.js';
import { MemoryClaimRecordRepository } from './adapters/memory/memory-claim-record-repository.js';
import { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
import { MemoryInboundSmsRepository } from './adapters/memory/memory-inbound-sms-repository.js';
import { MemoryMemberSettingsRepository } from './adapters/memory/memory-member-settings-repository.js';
import { OutboxReporterTextEvents } from './adapters/events/outbox-reporter-text-events.js';
import { MemorySentAlertRepository } from './adapters/memory/memory-sent-alert-repository.js';
import { MemorySentTextRepository } from './adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from './adapters/memory/memory-sms-opt-out-repository.js';
import { RpcAlertBilling, RpcMemberDirectory } from './adapters/rpc/rpc-dispatch-directory.js';
import { RpcMemberContacts } from './adapters/rpc/rpc-member-contacts.js';
import { RpcReportClaims } from './adapters/rpc/rpc-report-claims.js';
import { RpcReportLifecycle } from './adapters/rpc/rpc-report-lifecycle.js';
import { InProcessAlertScheduler } from './adapters/scheduler/in-process-alert-scheduler.js';
import { InProcessSendPacer, type SendPacer } from './adapters/pacing/send-pacer.js';
import { MeteredSendPacer, MeteredSmsSender } from './adapters/telemetry/metered-sms.js';
import type { notificationConfigShape } from './config.js';
import { buildNotificationService } from './notification-service.js';
import { randomBytes } from 'node:crypto';
import type { DispatchPorts } from './dispatch.js';
import type { ClaimTokenUseRepository } from './app/ports/claim-tokens.js';
import { alertLinksUnder } from './app/alert-links.js';
import { HmacClaimTokens } from './adapters/claim-tokens/hmac-claim-tokens.js';
import { DevOutboxPushSender } from './adapters/dev-outbox/dev-outbox-push-sender.js';
import { MemoryClaimTokenUseRepository } from './adapters/memory/memory-claim-token-use-repository.js';

export type NotificationConfig = z.infer<z.ZodObject<typeof notificationConfigShape>>;

/** The services the notification service calls: members (contacts, availability), reports (claims), billing (charges). */
export type NotificationPeers = { member: Transport; report: Transport; associationBilling: Transport };

/** The stores a composition chose, and its alert jobs, for tests that look into everything the service keeps. */
export type NotificationStores = Stores & { scheduler: AlertScheduler };

type Stores = {
  dispatches: DispatchRepository;
  inboundMessages: InboundSmsRepository;
  claims: ClaimRecordRepository;
  sentAlerts: SentAlertRepository;
  memberSettings: MemberSettingsRepository;
  sentTexts: SentTextRepository;
  optOuts: SmsOptOutRepository;
  reporterTexts: ReporterTextEvents;
  claimTokenUses: ClaimTokenUseRepository;
  outbox: OutboxStore;
};

async function storesFromConfig(config: NotificationConfig, wiring: PartWiring, notifyRelay: () => void): Promise<Stores> {
  if (config.STORE === 'memory') {
    const outbox = new MemoryOutbox();
    return {
      dispatches: new MemoryDispatchRepository(),
      inboundMessages: new MemoryInboundSmsRepository(),
      claims: new MemoryClaimRecordRepository(),
      sentAlerts: new MemorySentAlertRepository(outbox, notifyRelay),
      memberSettings: new MemoryMemberSettingsRepository(),
      sentTexts: new MemorySentTextRepository(),
      optOuts: new MemorySmsOptOutRepository(),
      reporterTexts: new OutboxReporterTextEvents((messages) => outbox.append(messages), notifyRelay),
      claimTokenUses: new MemoryClaimTokenUseRepository(),
      outbox,
    };
  }
  // Loaded only for this store: the MongoDB driver takes ~15 MB that a process keeping everything in memory never needs.
  const [
    { MongoOutbox, RecoveringOutbox, connectMongo },
    { MongoClaimRecordRepository },
    { MongoDispatchRepository },
    { MongoInboundSmsRepository },
    { MongoMemberSettingsRepository },
    { MongoSentAlertRepository },
    { MongoSentTextRepository },
    { MongoSmsOptOutRepository },
    { MongoClaimTokenUseRepository },
  ] = await Promise.all([
    import('@swarm/runtime/mongo'),
    import('./adapters/mongo/mongo-claim-record-repository.js'),
    import('./adapters/mongo/mongo-dispatch-repository.js'),
    import('./adapters/mongo/mongo-inbound-sms-repository.js'),
    import('./adapters/mongo/mongo-member-settings-repository.js'),
    import('./adapters/mongo/mongo-sent-alert-repository.js'),
    import('./adapters/mongo/mongo-sent-text-repository.js'),
    import('./adapters/mongo/mongo-sms-opt-out-repository.js'),
    import('./adapters/mongo/mongo-claim-token-use-repository.js'),
  ]);
  const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
  wiring.lifecycle.onShutdown('mongo', () => mongo.close());
  wiring.health.register('mongo', mongo.isHealthy);
  const outbox = new MongoOutbox(mongo.db);
  const inboundMessages = new MongoInboundSmsRepository(mongo.db);
  const sentAlerts = new MongoSentAlertRepository(mongo.db, outbox, notifyRelay);
  const claims = new MongoClaimRecordRepository(mongo.db);
  await Promise.all([inboundMessages.ensureIndexes(), sentAlerts.ensureIndexes(), claims.ensureIndexes()]);
  return {
    dispatches: await withIndexes(new MongoDispatchRepository(mongo.db)),
    inboundMessages,
    claims,
    sentAlerts,
    memberSettings: new MongoMemberSettingsRepository(mongo.db),
    sentTexts: await withIndexes(new MongoSentTextRepository(mongo.db)),
    optOuts: new MongoSmsOptOutRepository(mongo.db),
    reporterTexts: new OutboxReporterTextEvents((messages) => outbox.appendIfAbsent(messages), notifyRelay),
    claimTokenUses: await withIndexes(new MongoClaimTokenUseRepository(mongo.db)),
    // AlertSent events a crash left on their records reach the outbox before the relay reads it.
    outbox: new RecoveringOutbox(outbox, [sentAlerts]),
  };
}

async function withIndexes<Store extends { ensureIndexes(): Promise<void> }>(store: Store): Promise<Store> {
  await store.ensureIndexes();
  return store;
}

/**
 * SMS_SENDER=dev-outbox keeps texts in memory (listed by ListDevOutboxSms); twilio sends them from one number or a
 * Messaging Service, paced per sender (shared by every replica through Redis when there is one).
 */
async function smsFromConfig(config: NotificationConfig, pacer: SendPacer, metrics: Metrics): Promise<{ sms: SmsSender; devOutbox: DevOutboxSmsSender | undefined }> {
  if (config.SMS_SENDER === 'dev-outbox') {
    const devOutbox = new DevOutboxSmsSender();
    return { sms: new MeteredSmsSender(devOutbox, metrics), devOutbox };
  }
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber, TWILIO_MESSAGING_SERVICE_SID: messagingServiceSid } = config;
  if (!accountSid || !authToken || (!fromNumber && !messagingServiceSid)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: required when SMS_SENDER=twilio',
    );
  }
  // Loaded only for this sender, like the Redis and BullMQ clients below: none of them is needed by the embedded mode.
  const { TwilioSmsSender } = await import('./adapters/twilio/twilio-sms-sender.js');
  const sms = new TwilioSmsSender({
    accountSid,
    authToken,
    sender: messagingServiceSid ? { messagingServiceSid } : { fromNumber: fromNumber ?? '' },
    apiBaseUrl: config.TWILIO_API_BASE_URL,
    minIntervalMs: config.TWILIO_MIN_SEND_INTERVAL_MS,
    // Within half the send lease, so a run that takes an interrupted message over finds this call over.
    requestTimeoutMs: Math.floor(config.SEND_LEASE_MS / 2),
    pacer: new MeteredSendPacer(pacer, metrics),
  });
  return { sms: new MeteredSmsSender(sms, metrics), devOutbox: undefined };
}

/**
 * The channels beside SMS: notifications through a push service (PUSH_SENDER=web-push, with the VAPID keys) or kept in
 * the dev outbox; email when there is a mailer that delivers (SMTP_URL, or the embedded product's dev outbox), never
 * when emails would only be logged (an alert no one reads must not count as sent); claim tokens signed with
 * CLAIM_TOKEN_SECRET (a random one for this run when unset: links then stop working at a restart).
 */
async function alertChannelsFromConfig(
  config: NotificationConfig,
  wiring: PartWiring,
): Promise<{ channels: DispatchPorts['alertChannels']; devPush: DevOutboxPushSender | undefined }> {
  let secret = config.CLAIM_TOKEN_SECRET;
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    wiring.logger.warn('CLAIM_TOKEN_SECRET is not set: claim links and notification Claim buttons use a random secret and stop working when this process stops');
  }
  const mailer = config.SMTP_URL || wiring.devMailer ? mailerFromSettings(config, wiring, 'the alert emails') : undefined;
  const base = { mailer, claimTokens: new HmacClaimTokens(secret), links: alertLinksUnder(config.PUBLIC_URL) };
  if (config.PUSH_SENDER === 'dev-outbox') {
    const devPush = new DevOutboxPushSender();
    return { channels: { ...base, push: devPush }, devPush };
  }
  const { WEB_PUSH_PUBLIC_KEY: publicKey, WEB_PUSH_PRIVATE_KEY: privateKey, WEB_PUSH_SUBJECT: subject } = config;
  if (!publicKey || !privateKey) {
    throw new ConfigError('Invalid configuration:\n  WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY: required when PUSH_SENDER=web-push');
  }
  const [{ WebPushSender }, { publicAddressAgent }, { WorkerPushEncryption }] = await Promise.all([
    import('./adapters/web-push/web-push-sender.js'),
    import('./adapters/web-push/public-address-lookup.js'),
    import('./adapters/web-push/push-encryption.js'),
  ]);
  // Encrypting a fan-out's messages is most of its CPU: a worker thread does it, off the thread that answers requests.
  const encryption = new WorkerPushEncryption();
  wiring.lifecycle.onShutdown('push encryption', () => encryption.close());
  // Endpoints come from browsers: connections go to public addresses only, whatever a name resolves to.
  return { channels: { ...base, push: new WebPushSender({ vapid: { subject, publicKey, privateKey }, agent: publicAddressAgent(), encryption }) }, devPush: undefined };
}

/**
 * What is shared through Redis when REDIS_URL is set — the alert jobs (BullMQ) and the SMS pace of each sender — or kept
 * in this process without it (in-process timers, lost when the process stops: the embedded mode, one replica only).
 */
async function sharedStateFromConfig(
  config: NotificationConfig,
  wiring: PartWiring,
): Promise<{ scheduler: AlertScheduler & { depth(): Promise<QueueDepth> }; pacer: SendPacer }> {
  const { logger } = wiring;
  const retry = { attempts: config.ALERT_ATTEMPTS, backoffMs: config.ALERT_BACKOFF_MS };
  const onError = (job: { jobId: string }, error: unknown, willRetry: boolean) => logger.warn({ jobId: job.jobId, err: error, willRetry }, 'alert job failed');
  if (!config.REDIS_URL) {
    logger.warn('REDIS_URL is not set: alert jobs are kept in memory and lost when the process stops');
    return { scheduler: new InProcessAlertScheduler(systemClock, { ...retry, onError, ...(wiring.foreground ? { foreground: wiring.foreground } : {}) }), pacer: new InProcessSendPacer() };
  }
  const [{ Redis }, { RedisSendPacer }, { BullMqAlertScheduler }] = await Promise.all([
    import('ioredis'),
    import('./adapters/pacing/redis-send-pacer.js'),
    import('./adapters/scheduler/bullmq-alert-scheduler.js'),
  ]);
  // Every Redis connection (this one and BullMQ's) reconnects on its own; one watch logs an outage once for all.
  const redisWatch = new ConnectionWatch(logger, 'redis', { url: config.REDIS_URL });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', redisWatch.error);
  redis.on('ready', redisWatch.ready);
  await redis.connect();
  wiring.lifecycle.onShutdown('redis', async () => {
    await redis.quit();
  });
  wiring.health.register('redis', async () => (await redis.ping()) === 'PONG');
  const pacer = new RedisSendPacer(redis, config.ALERT_QUEUE_PREFIX);
  const scheduler = new BullMqAlertScheduler({
    redisUrl: config.REDIS_URL,
    queueName: config.ALERT_QUEUE_NAME,
    prefix: config.ALERT_QUEUE_PREFIX,
    clock: systemClock,
    ...retry,
    onError,
    connectionEvents: redisWatch,
    lockMs: config.ALERT_JOB_LOCK_MS,
  });
  return { scheduler, pacer };
}

/**
 * The notification service from its configuration: its store and outbox relay, the SMS sender, the alert scheduler,
 * the mailer of the bad-report email, and its peers; it subscribes to the events it follows. `main.ts` and the
 * embedded product call it.
 */
export async function composeNotificationService(
  config: NotificationConfig,
  wiring: PartWiring & { peers: NotificationPeers },
): Promise<{ routes: (router: ConnectRouter) => void; stores: NotificationStores }> {
  const { lifecycle, logger, bus, peers } = wiring;
  // AlertSent is written to the outbox with the sent alert's record and wakes the relay, which publishes it. Alert jobs
  // start with the service's subscriptions, after the relay exists.
  const notifyRelay = () => relay.notify();
  const stores = await storesFromConfig(config, wiring, notifyRelay);
  const { scheduler, pacer } = await sharedStateFromConfig(config, wiring);
  const { sms, devOutbox } = await smsFromConfig(config, pacer, wiring.metrics);
  const { channels: alertChannels, devPush } = await alertChannelsFromConfig(config, wiring);
  wiring.metrics.watchQueue(config.ALERT_QUEUE_NAME, () => scheduler.depth());
  wiring.metrics.watchOutbox('notification', () => stores.outbox.backlog());
  const relay = new OutboxRelay(stores.outbox, bus, logger, { pollIntervalMs: config.OUTBOX_POLL_INTERVAL_MS });
  relay.start();
  lifecycle.onShutdown('outbox relay', () => relay.stop());

  const members = createClient(MemberService, peers.member);
  const reports = createClient(ReportService, peers.report);
  const reportLifecycle = new RpcReportLifecycle(reports);

  const service = buildNotificationService({
    dispatches: stores.dispatches,
    clock: systemClock,
    bus,
    logger,
    inbound: {
      messages: stores.inboundMessages,
      members: new RpcMemberContacts(members),
      reports: new RpcReportClaims(reports),
      sms,
      mailer: mailerFromSettings(config, wiring, 'the bad-report emails to the administrator'),
      adminEmail: config.ADMIN_EMAIL,
      devOutbox,
      lifecycle: reportLifecycle,
      sentTexts: stores.sentTexts,
      optOuts: stores.optOuts,
    },
    dispatch: {
      members: new RpcMemberDirectory(members),
      memberSettings: stores.memberSettings,
      billing: new RpcAlertBilling(createClient(AssociationBillingService, peers.associationBilling)),
      claims: stores.claims,
      scheduler,
      sms,
      sentAlerts: stores.sentAlerts,
      sentTexts: stores.sentTexts,
      optOuts: stores.optOuts,
      reporterTexts: stores.reporterTexts,
      reports: reportLifecycle,
      alertChannels,
      claimTokenUses: stores.claimTokenUses,
      devPush,
      recentClaimsWindowDays: config.RECENT_CLAIMS_WINDOW_DAYS,
      timers: { escalateAfterMinutes: config.ESCALATE_AFTER_MINUTES, outcomePromptHours: config.CLAIM_OUTCOME_PROMPT_HOURS },
      sendLeaseMs: config.SEND_LEASE_MS,
    },
  });
  const subscriptions = await service.subscribe();
  lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });
  return { routes: service.routes, stores: { ...stores, scheduler } };
}
