import { Redis } from 'ioredis';
import { ConfigError, HealthRegistry, LogMailer, createLogger, loadConfigOrExit, requireMongoUrl, runMain, serviceTransport, startRpcServer, systemClock } from '@swarm/runtime';
import { eventBusFromConfig } from '@swarm/runtime/nats';
import { connectMongo } from '@swarm/runtime/mongo';
import { SmtpMailer } from '@swarm/runtime/smtp';
import { createClient } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { AlertScheduler, ClaimRecordRepository, SmsSender } from './app/ports.js';
import { MemoryClaimRecordRepository } from './adapters/memory/memory-claim-record-repository.js';
import { MongoClaimRecordRepository } from './adapters/mongo/mongo-claim-record-repository.js';
import { RpcAlertBilling, RpcMemberDirectory, RpcReportDirectory } from './adapters/rpc/rpc-dispatch-directory.js';
import { BullMqAlertScheduler } from './adapters/scheduler/bullmq-alert-scheduler.js';
import { InProcessAlertScheduler } from './adapters/scheduler/in-process-alert-scheduler.js';
import { TwilioSmsSender } from './adapters/twilio/twilio-sms-sender.js';
import type { InboundSmsRepository, Mailer } from './app/inbound-ports.js';
import { DevOutboxSmsSender } from './adapters/dev-outbox/dev-outbox-sms-sender.js';
import { MemoryInboundSmsRepository } from './adapters/memory/memory-inbound-sms-repository.js';
import { MongoInboundSmsRepository } from './adapters/mongo/mongo-inbound-sms-repository.js';
import { RpcMemberContacts } from './adapters/rpc/rpc-member-contacts.js';
import { RpcReportClaims } from './adapters/rpc/rpc-report-claims.js';
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
  let inboundMessages: InboundSmsRepository;
  let claims: ClaimRecordRepository;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    dispatches = new MongoDispatchRepository(mongo.db);
    const mongoInbound = new MongoInboundSmsRepository(mongo.db);
    await mongoInbound.ensureIndexes();
    inboundMessages = mongoInbound;
    claims = new MongoClaimRecordRepository(mongo.db);
  } else {
    dispatches = new MemoryDispatchRepository();
    inboundMessages = new MemoryInboundSmsRepository();
    claims = new MemoryClaimRecordRepository();
  }

  let mailer: Mailer;
  if (config.SMTP_URL) {
    const smtp = new SmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
    lifecycle.onShutdown('smtp', async () => smtp.close());
    mailer = smtp;
  } else {
    logger.warn('SMTP_URL is not set: the bad-report emails to the administrator are only logged');
    mailer = new LogMailer(logger);
  }
  const rpcTransport = (baseUrl: string) => serviceTransport(baseUrl);
  // SMS_SENDER=dev-outbox keeps texts in memory (listed by ListDevOutboxSms); twilio sends them.
  const smsDevOutbox = config.SMS_SENDER === 'dev-outbox' ? new DevOutboxSmsSender() : undefined;
  let sms: SmsSender;
  if (smsDevOutbox) {
    sms = smsDevOutbox;
  } else {
    const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = config;
    if (!accountSid || !authToken || !fromNumber) {
      throw new ConfigError('Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER: required when SMS_SENDER=twilio');
    }
    sms = new TwilioSmsSender({ accountSid, authToken, fromNumber, apiBaseUrl: config.TWILIO_API_BASE_URL, minIntervalMs: config.TWILIO_MIN_SEND_INTERVAL_MS });
  }

  if (config.REDIS_URL) {
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    await redis.connect();
    lifecycle.onShutdown('redis', async () => {
      await redis.quit();
    });
    health.register('redis', async () => (await redis.ping()) === 'PONG');
  }
  const retry = { attempts: config.ALERT_ATTEMPTS, backoffMs: config.ALERT_BACKOFF_MS };
  const onAlertError = (job: { jobId: string }, error: unknown, willRetry: boolean) =>
    logger.warn({ jobId: job.jobId, err: error, willRetry }, 'alert job failed');
  let scheduler: AlertScheduler;
  if (config.REDIS_URL) {
    scheduler = new BullMqAlertScheduler({
      redisUrl: config.REDIS_URL,
      queueName: config.ALERT_QUEUE_NAME,
      prefix: config.ALERT_QUEUE_PREFIX,
      clock: systemClock,
      ...retry,
      lockMs: config.ALERT_JOB_LOCK_MS,
      onError: onAlertError,
    });
  } else {
    logger.warn('REDIS_URL is not set: alert jobs are kept in memory and lost when the process stops');
    scheduler = new InProcessAlertScheduler(systemClock, { ...retry, onError: onAlertError });
  }

  const bus = await eventBusFromConfig(config, 'notification', logger);
  lifecycle.onShutdown('event bus', () => bus.close());
  health.register('event bus', () => bus.isHealthy());

  const service = buildNotificationService({
    dispatches,
    clock: systemClock,
    bus,
    logger,
    inbound: {
      messages: inboundMessages,
      members: new RpcMemberContacts(createClient(MemberService, rpcTransport(config.MEMBER_SERVICE_URL))),
      reports: new RpcReportClaims(createClient(ReportService, rpcTransport(config.REPORT_SERVICE_URL))),
      sms,
      mailer,
      adminEmail: config.ADMIN_EMAIL,
      devOutbox: smsDevOutbox,
    },
    dispatch: {
      members: new RpcMemberDirectory(createClient(MemberService, rpcTransport(config.MEMBER_SERVICE_URL))),
      billing: new RpcAlertBilling(createClient(AssociationBillingService, rpcTransport(config.ASSOCIATION_BILLING_SERVICE_URL))),
      reports: new RpcReportDirectory(createClient(ReportService, rpcTransport(config.REPORT_SERVICE_URL))),
      claims,
      scheduler,
      sms,
      recentClaimsWindowDays: config.RECENT_CLAIMS_WINDOW_DAYS,
    },
  });
  const subscriptions = await service.subscribe();
  lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });

  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
