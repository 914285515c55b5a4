import { createClient, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { buildAssociationBillingService, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import {
  buildGateway,
  createServiceClients,
  DevOutbox,
  DevOutboxMailer,
  MemoryPendingLoginStore,
  MemoryRateLimiter,
  MemorySessionStore,
  OfflineGeocoder,
  isLoopbackListenAddress,
  siteIdentity,
  type FeedbackSink,
  type GatewaySettings,
  type OpenIdProvider,
  type ServiceClients,
  type ServiceName,
} from '@swarm/gateway';
import { buildMemberService, MemoryLoginTokenRepository, MemoryMemberRepository } from '@swarm/member-service';
import {
  buildNotificationService,
  DevOutboxSmsSender,
  InProcessAlertScheduler,
  MemoryClaimRecordRepository,
  MemoryDispatchRepository,
  MemoryInboundSmsRepository,
  RpcAlertBilling,
  RpcMemberContacts,
  RpcMemberDirectory,
  RpcReportClaims,
  RpcReportDirectory,
} from '@swarm/notification-service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { buildReportService, MemoryImageStore, MemoryReportRepository, RpcSwarmCoverage, SharpImageProcessor } from '@swarm/report-service';
import {
  HealthRegistry,
  InProcessEventBus,
  LogMailer,
  MemoryOutbox,
  OutboxRelay,
  registerHealthService,
  secureRandomBelow,
  startRpcServer,
  ConfigError,
  systemClock,
  uuidIds,
  type Logger,
} from '@swarm/runtime';
import { freePort } from './ports.js';

export type EmbeddedProduct = {
  /** The product on this machine, http://localhost:{port}. */
  url: string;
  /** The URL in login links: the configured public URL, or the local one. */
  publicUrl: string;
  /** The address it listens on. */
  host: string;
  port: number;
  clients: ServiceClients;
  /** Every email the product sent (login links…), newest first; also shown at /dev/outbox. */
  outbox: DevOutbox;
  close: () => Promise<void>;
};

/**
 * The whole product in one process: the four services on in-memory repositories and an in-process event bus,
 * reached by the gateway through Connect's in-memory router transport. Same use cases as the distributed mode.
 */
export async function startEmbedded(options: {
  port: number;
  /** Where to listen; 127.0.0.1 when not given, so only this machine reaches the product and its dev outbox. */
  host?: string;
  /** Serve the dev outbox to other machines too (only with a host beyond loopback; they must name a loopback host). */
  devOutboxOnNetwork?: boolean;
  staticDir: string;
  reportImageMaxBytes?: number;
  /** Serves the association-billing service on 127.0.0.1 at this port too, for the operator CLI. */
  operatorRpcPort?: number;
  /** The URL users reach the product at, when not http://localhost:{port} (links in emails, accepted Host and Origin). */
  publicUrl?: string;
  /** How long an emailed login link works; 15 minutes when not given. */
  loginLinkTtlMs?: number;
  /** OpenID Connect login providers by path name (Google when configured); the site hides absent ones. */
  openIdProviders?: Record<string, OpenIdProvider | undefined>;
  /** Who is emailed (into the dev outbox) when a member marks a report bad; admin@localhost when not given. */
  adminEmail?: string;
  /** Checks the signature of Twilio's inbound SMS webhook; without it the webhook refuses every request. */
  twilioAuthToken?: string;
  /** Where feedback goes; kept in memory and logged when not given. */
  feedback?: FeedbackSink;
  /** Per-client request limits; the gateway's defaults when not given. */
  limits?: Pick<GatewaySettings, 'reportsPerHourPerClient' | 'feedbackPerHourPerClient' | 'placeSuggestionsPerHourPerClient' | 'magicLinkLimits'>;
  /** A logger per part of the product, so each line names its service as in the distributed mode. */
  loggerFor: (service: 'embedded' | 'report' | 'notification' | 'association-billing' | 'gateway') => Logger;
}): Promise<EmbeddedProduct> {
  const { loggerFor } = options;
  const host = options.host ?? '127.0.0.1';
  // The dev outbox lists live login links: reachable from other machines only when the operator says so.
  if (!isLoopbackListenAddress(host) && !options.devOutboxOnNetwork) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: ${host} is reachable from other machines, and the embedded product's dev outbox would show them every login link; set DEV_OUTBOX_ON_NETWORK=true to serve it anyway`,
    );
  }
  const logger = loggerFor('embedded');
  const bus = new InProcessEventBus(logger);
  const health = new HealthRegistry();
  health.register('event bus', () => bus.isHealthy());

  const reportOutbox = new MemoryOutbox();
  const relay = new OutboxRelay(reportOutbox, bus, loggerFor('report'), { pollIntervalMs: 1_000 });
  const member = buildMemberService({
    members: new MemoryMemberRepository(),
    loginTokens: new MemoryLoginTokenRepository(),
    clock: systemClock,
    ids: uuidIds,
    ...(options.loginLinkTtlMs !== undefined ? { loginTokenTtlMs: options.loginLinkTtlMs } : {}),
  });
  const associationBilling = buildAssociationBillingService({
    ...memoryAssociationBillingStores(),
    mailer: new LogMailer(loggerFor('association-billing')),
    log: loggerFor('association-billing'),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
  });
  // The report service asks member and association-billing who covers a swarm, over the same in-memory transport.
  const report = buildReportService({
    reports: new MemoryReportRepository(reportOutbox, () => relay.notify()),
    coverage: new RpcSwarmCoverage(
      createClient(MemberService, createRouterTransport(member.routes)),
      createClient(AssociationBillingService, createRouterTransport(associationBilling.routes)),
    ),
    images: new MemoryImageStore(),
    imageProcessor: new SharpImageProcessor(),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
  });
  // Every email and SMS of the embedded product goes to the dev outbox the operator reads at /dev/outbox.
  const outbox = new DevOutbox();
  const smsOutbox = new DevOutboxSmsSender();
  const notification = buildNotificationService({
    dispatches: new MemoryDispatchRepository(),
    clock: systemClock,
    bus,
    logger: loggerFor('notification'),
    inbound: {
      messages: new MemoryInboundSmsRepository(),
      members: new RpcMemberContacts(createClient(MemberService, createRouterTransport(member.routes))),
      reports: new RpcReportClaims(createClient(ReportService, createRouterTransport(report.routes))),
      sms: smsOutbox,
      mailer: { send: async (message) => void outbox.add({ channel: 'email', html: '', ...message }) },
      adminEmail: options.adminEmail ?? 'admin@localhost',
      devOutbox: smsOutbox,
    },
    // Alert jobs on timers in this process (lost on restart, as everything else in the embedded mode).
    dispatch: {
      members: new RpcMemberDirectory(createClient(MemberService, createRouterTransport(member.routes))),
      billing: new RpcAlertBilling(createClient(AssociationBillingService, createRouterTransport(associationBilling.routes))),
      reports: new RpcReportDirectory(createClient(ReportService, createRouterTransport(report.routes))),
      claims: new MemoryClaimRecordRepository(),
      scheduler: new InProcessAlertScheduler(systemClock, {
        onError: (job, error, willRetry) => loggerFor('notification').warn({ jobId: job.jobId, err: error, willRetry }, 'alert job failed'),
      }),
      sms: smsOutbox,
    },
  });

  const transport = (routes: (router: ConnectRouter) => void) =>
    createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, health);
    });
  const transports: Record<ServiceName, ReturnType<typeof transport>> = {
    report: transport(report.routes),
    member: transport(member.routes),
    'association-billing': transport(associationBilling.routes),
    notification: transport(notification.routes),
  };
  const clients = createServiceClients(transports);

  const subscriptions = await notification.subscribe();
  relay.start();
  // The public URL goes into login emails, so the port is fixed before the gateway starts.
  const port = options.port === 0 ? await freePort() : options.port;
  const publicUrl = options.publicUrl ?? `http://localhost:${port}`;
  const sessionIdleTimeoutMs = 7 * 24 * 60 * 60 * 1000;
  const gateway = await buildGateway({
    clients,
    adapters: {
      geocoder: new OfflineGeocoder(),
      sessions: new MemorySessionStore({ idleTimeoutMs: sessionIdleTimeoutMs }),
      ...(options.feedback ? { feedback: options.feedback } : {}),
      login: {
        mailer: new DevOutboxMailer(outbox),
        devOutbox: outbox,
        rateLimiter: new MemoryRateLimiter(),
        pendingLogins: new MemoryPendingLoginStore(),
        openIdProviders: options.openIdProviders ?? { google: undefined },
      },
    },
    // The embedded default serves plain HTTP on localhost, where a Secure cookie would not be kept by every browser.
    settings: {
      staticDir: options.staticDir,
      reportImageMaxBytes: options.reportImageMaxBytes ?? 10 * 1024 * 1024,
      secureCookies: false,
      // Login links and the names mutations may carry come from configuration only; on this machine the product
      // answers to localhost, 127.0.0.1 and [::1] alike, so a newcomer may open either.
      site: siteIdentity(publicUrl, { loopbackAliases: true }),
      devOutboxOnNetwork: options.devOutboxOnNetwork ?? false,
      sessionIdleTimeoutMs,
      ...options.limits,
      ...(options.twilioAuthToken ? { twilioAuthToken: options.twilioAuthToken } : {}),
    },
    logger: loggerFor('gateway'),
  });
  await gateway.listen({ port, host });
  // Loopback only: the operator's calls carry no credentials, so they must not be reachable from the network.
  const operatorRpc =
    options.operatorRpcPort === undefined
      ? undefined
      : await startRpcServer({
          port: options.operatorRpcPort,
          host: '127.0.0.1',
          routes: associationBilling.routes,
          health,
          logger: loggerFor('association-billing'),
          graceMs: 1_000,
        }).catch((error: unknown) => {
          loggerFor('association-billing').warn({ err: error, port: options.operatorRpcPort }, 'operator RPC port unavailable; the operator CLI cannot reach this process');
          return undefined;
        });

  return {
    url: `http://localhost:${port}`,
    publicUrl,
    host,
    port,
    clients,
    outbox,
    close: async () => {
      await gateway.close();
      await operatorRpc?.close();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await relay.stop();
      await bus.close();
    },
  };
}
