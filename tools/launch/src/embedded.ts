import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type ConnectRouter, type Interceptor, type Transport } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { associationBillingConfigShape, composeAssociationBillingService, type AssociationBillingStores } from '@swarm/association-billing-service';
import {
  composeGateway,
  createServiceClients,
  gatewayConfigShape,
  type FeedbackSink,
  type RequestLogLevel,
  type ServiceClients,
  type ServiceName,
} from '@swarm/gateway';
import { composeInsightsService, insightsConfigShape, type InsightsStores } from '@swarm/insights-service';
import { composeMemberService, memberConfigShape, type MemberStores } from '@swarm/member-service';
import { composeNotificationService, notificationConfigShape, type NotificationStores } from '@swarm/notification-service';
import { composeReportService, reportConfigShape, type ReportStores } from '@swarm/report-service';
import {
  DevOutbox,
  DevOutboxMailer,
  ForegroundRequests,
  HealthRegistry,
  InProcessEventBus,
  Metrics,
  loadConfig,
  registerHealthService,
  rpcMetricsInterceptor,
  startMetricsServer,
  startRpcServer,
  startTraceExport,
  traceContextClientInterceptor,
  traceContextServerInterceptor,
  type Logger,
  type PartWiring,
} from '@swarm/runtime';
import { directTransport } from './in-process-transport.js';
import { freePort } from './ports.js';
import { GENERATED_KEYS_MESSAGE, webPushKeysForRun } from './web-push-keys.js';

export type EmbeddedPart = 'embedded' | 'report' | 'member' | 'notification' | 'association-billing' | 'insights' | 'gateway';

export type EmbeddedProduct = {
  /** The product on this machine, http://localhost:{port}. */
  url: string;
  /** The URL in login links: the configured public URL, or the local one. */
  publicUrl: string;
  /** The VAPID public key the gateway serves and the notification service signs with: the configured one, or this run's. */
  webPushPublicKey: string;
  /** The address it listens on. */
  host: string;
  port: number;
  /** http://{host}:{METRICS_PORT}/metrics when METRICS_PORT is set: every part's metrics, from one registry. */
  metricsUrl?: string;
  /**
   * The operator RPC ports asked for, each as it was bound on 127.0.0.1 (0 asks for a free one), or `unavailable` when
   * the port was taken (another product on this machine): the operator CLI then cannot reach this process.
   */
  operatorRpc: OperatorRpcPorts;
  clients: ServiceClients;
  /** Every email the product sent (login links, the bad-report email…), newest first; also shown at /dev/outbox. */
  outbox: DevOutbox;
  /**
   * The in-memory stores each service's composition chose, for the benchmark to seed in bulk rather than by HTTP, and
   * for tests that look into everything the product keeps.
   */
  stores: { report: ReportStores; member: MemberStores; associationBilling: AssociationBillingStores; notification: NotificationStores; insights: InsightsStores };
  /** The directory of this run's files (the reports' pictures): DATA_DIR, or the run's own. */
  dataDir: string;
  close: () => Promise<void>;
};

export type OperatorRpcPart = 'association-billing' | 'insights' | 'member';
export type OperatorRpcPorts = Partial<Record<OperatorRpcPart, { port: number } | { unavailable: number }>>;

/**
 * What the embedded product assumes unless the environment says otherwise, so it runs without any provider account:
 * emails and SMS into the dev outbox, sessions in memory, plain-HTTP cookies, this machine only. Every one of them,
 * like every other variable of the configuration, can be set (a real Twilio number, an SMTP relay…).
 */
export const EMBEDDED_DEFAULTS: Readonly<Record<string, string>> = {
  MAILER: 'dev-outbox',
  SMS_SENDER: 'dev-outbox',
  SESSION_STORE: 'memory',
  SESSION_COOKIE_SECURE: 'false',
  HOST: '127.0.0.1',
  ADMIN_EMAIL: 'admin@localhost',
};

/** What makes it embedded, whatever the environment says: the store, the bus, the scheduler and the transport. */
const EMBEDDED_FIXED: Readonly<Record<string, string | undefined>> = { STORE: 'memory', EVENT_BUS: 'memory' };

/**
 * A transport to a service composed later in the same process: its implementations are taken on the first call, once
 * every service exists (the report and notification services call each other's peers).
 */
function transportToLaterService(
  routesOf: () => ((router: ConnectRouter) => void) | undefined,
  health: HealthRegistry,
  interceptors: Interceptor[],
): Transport {
  let transport: Transport | undefined;
  const resolve = () => {
    if (!transport) {
      const routes = routesOf();
      if (!routes) throw new Error('a service was called before the embedded product finished starting');
      transport = directTransport(
        (router) => {
          routes(router);
          registerHealthService(router, health);
        },
        { serverInterceptors: interceptors, clientInterceptors: [traceContextClientInterceptor] },
      );
    }
    return transport;
  };
  // Each call waits for a turn of the event loop first, as a call over the network would: a chain of calls (a report's
  // coverage of a thousand members, then their memberships) is then several short tasks, with the requests that
  // arrived meanwhile answered between them, instead of one long one.
  const turn = () => new Promise<void>((resolveTurn) => setImmediate(resolveTurn));
  return {
    unary: async (...args) => {
      await turn();
      return resolve().unary(...args);
    },
    stream: async (...args) => {
      await turn();
      return resolve().stream(...args);
    },
  };
}

/**
 * What the operator CLI may ask the member service: one member's record, for list-members' names and emails. Its
 * other calls (login tokens, account changes) stay unreachable from outside the process, even from this machine.
 */
function operatorMemberRoutes(memberTransport: Transport): (router: ConnectRouter) => void {
  const member = createClient(MemberService, memberTransport);
  return (router) => router.service(MemberService, { getMember: (request) => member.getMember(request) });
}

/**
 * The whole product in one process: each service and the gateway built by the same composition its own process uses,
 * from the same configuration, except that the store, the event bus, the alert scheduler and the transport between the
 * parts are in memory (see EMBEDDED_FIXED). `env` is the configuration (process.env for `npm start`).
 */
export async function startEmbedded(options: {
  env: Readonly<Record<string, string | undefined>>;
  /** A logger per part of the product, so each line names its service as in the distributed mode. */
  loggerFor: (part: EmbeddedPart) => Logger;
  /**
   * Serves these services on 127.0.0.1 at these ports too (0: a free one), for the operator CLI (billing, insights' statistics,
   * and of the member service only GetMember, for the names and emails of list-members).
   */
  operatorRpcPorts?: Partial<Record<OperatorRpcPart, number>>;
  /** A test's own feedback sink, to see what arrives. */
  feedback?: FeedbackSink;
  /** The level of the gateway's two lines per request; info when absent. */
  requestLogLevel?: RequestLogLevel;
}): Promise<EmbeddedProduct> {
  const { loggerFor } = options;
  const given = { ...EMBEDDED_DEFAULTS, ...options.env };
  // The public URL goes into login emails, so the port is fixed before anything starts.
  const requestedPort = Number(given.PORT ?? 8080);
  const port = requestedPort === 0 ? await freePort() : requestedPort;
  // The gateway serves the public key, the notification service signs with the private one: one pair for both.
  const webPushKeys = webPushKeysForRun(given);
  if (webPushKeys) loggerFor('embedded').info(GENERATED_KEYS_MESSAGE);
  // Pictures go to files, out of the heap: under DATA_DIR when given (kept), else in a directory of this run's own.
  const dataDir = given.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'swarm-alert-data-'));
  const runDataDir = given.DATA_DIR ? undefined : dataDir;
  const env = { ...given, ...webPushKeys, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: given.PUBLIC_URL ?? `http://localhost:${port}` };
  const serviceEnv = { ...env, ...EMBEDDED_FIXED };
  const configs = {
    gateway: loadConfig(gatewayConfigShape, env),
    // The reports' lifecycle timers on timers in this process too, armed from the store at each start.
    report: loadConfig(reportConfigShape, { ...serviceEnv, REDIS_URL: undefined }),
    member: loadConfig(memberConfigShape, serviceEnv),
    associationBilling: loadConfig(associationBillingConfigShape, serviceEnv),
    // Alert jobs on timers in this process, lost on restart like everything else in the embedded mode.
    notification: loadConfig(notificationConfigShape, { ...serviceEnv, REDIS_URL: undefined }),
    insights: loadConfig(insightsConfigShape, serviceEnv),
  };

  const closers: { name: string; close: () => Promise<void> }[] = [];
  const lifecycle = { onShutdown: (name: string, close: () => Promise<void>) => void closers.push({ name, close }) };
  // Registered first, so removed last, once nothing writes to it any more.
  if (runDataDir) lifecycle.onShutdown('data directory', async () => rmSync(runDataDir, { recursive: true, force: true }));
  const closeAll = async () => {
    for (const closer of closers.splice(0).reverse()) {
      await closer.close().catch((error: unknown) => loggerFor('embedded').error({ err: error, component: closer.name }, 'failed to close'));
    }
  };
  // One export for the whole process, its spans under one service name (each span names its RPC, event or job);
  // closed after every part and the bus have stopped, so their last spans go out.
  const traceExport = await startTraceExport(configs.gateway, 'swarm-alert', loggerFor('embedded')).catch(async (error: unknown) => {
    await closeAll();
    throw error;
  });
  if (traceExport) lifecycle.onShutdown('trace export', traceExport.close);
  const bus = new InProcessEventBus(loggerFor('embedded'));
  lifecycle.onShutdown('event bus', () => bus.close());
  const health = new HealthRegistry();
  health.register('event bus', () => bus.isHealthy(), { required: false });
  // One outbox for every email of the product, shown at /dev/outbox, while the gateway's mailer is the dev outbox.
  const outbox = new DevOutbox();
  const devMailer = configs.gateway.MAILER === 'dev-outbox' ? new DevOutboxMailer(outbox) : undefined;
  // One registry for every part: the one process is one scrape target.
  const metrics = new Metrics();
  const metricsInterceptor = rpcMetricsInterceptor(metrics);
  const serverInterceptors = [traceContextServerInterceptor, metricsInterceptor];
  // One thread answers people and sends alerts: the gateway counts the requests in flight, the alert jobs wait for them.
  const foreground = new ForegroundRequests();
  const wiringOf = (part: EmbeddedPart): PartWiring => ({ logger: loggerFor(part), lifecycle, health, bus, metrics, foreground, ...(devMailer ? { devMailer } : {}) });

  const routes: Partial<Record<ServiceName, (router: ConnectRouter) => void>> = {};
  const transports = {
    report: transportToLaterService(() => routes.report, health, serverInterceptors),
    member: transportToLaterService(() => routes.member, health, serverInterceptors),
    'association-billing': transportToLaterService(() => routes['association-billing'], health, serverInterceptors),
    notification: transportToLaterService(() => routes.notification, health, serverInterceptors),
    insights: transportToLaterService(() => routes.insights, health, serverInterceptors),
  } satisfies Record<ServiceName, Transport>;

  try {
    const member = await composeMemberService(configs.member, wiringOf('member'));
    routes.member = member.routes;
    const associationBilling = await composeAssociationBillingService(configs.associationBilling, wiringOf('association-billing'));
    routes['association-billing'] = associationBilling.routes;
    const report = await composeReportService(configs.report, {
      ...wiringOf('report'),
      peers: { member: transports.member, associationBilling: transports['association-billing'] },
    });
    routes.report = report.routes;
    const notification = await composeNotificationService(configs.notification, {
      ...wiringOf('notification'),
      peers: { member: transports.member, report: transports.report, associationBilling: transports['association-billing'] },
    });
    routes.notification = notification.routes;
    const insights = await composeInsightsService(configs.insights, {
      ...wiringOf('insights'),
      peers: { member: transports.member, associationBilling: transports['association-billing'] },
    });
    routes.insights = insights.routes;

    const clients = createServiceClients(transports);
    const gateway = await composeGateway(configs.gateway, {
      logger: loggerFor('gateway'),
      lifecycle,
      clients,
      metrics,
      foreground,
      devOutbox: outbox,
      ...(options.feedback ? { feedback: options.feedback } : {}),
      ...(options.requestLogLevel ? { requestLogLevel: options.requestLogLevel } : {}),
    });
    lifecycle.onShutdown('http server', () => gateway.close());
    await gateway.listen({ port, host: configs.gateway.HOST });

    // Loopback only: the operator's calls carry no credentials, so they must not be reachable from the network.
    const operatorRpc: OperatorRpcPorts = {};
    const operatorRoutes: Record<OperatorRpcPart, ((router: ConnectRouter) => void) | undefined> = {
      'association-billing': routes['association-billing'],
      insights: routes.insights,
      member: operatorMemberRoutes(transports.member),
    };
    for (const [part, operatorPort] of Object.entries(options.operatorRpcPorts ?? {}) as [OperatorRpcPart, number][]) {
      const partRoutes = operatorRoutes[part];
      if (!partRoutes) continue;
      const operatorServer = await startRpcServer({
        port: operatorPort,
        host: '127.0.0.1',
        routes: partRoutes,
        health,
        logger: loggerFor(part),
        graceMs: 1_000,
        interceptors: [metricsInterceptor],
      }).catch((error: unknown) => {
        loggerFor(part).warn({ err: error, port: operatorPort }, 'operator RPC port unavailable; the operator CLI cannot reach this process');
        return undefined;
      });
      if (operatorServer) {
        operatorRpc[part] = { port: operatorServer.port };
        lifecycle.onShutdown(`operator rpc server (${part})`, () => operatorServer.close());
      } else operatorRpc[part] = { unavailable: operatorPort };
    }

    let metricsUrl: string | undefined;
    if (configs.gateway.METRICS_PORT !== undefined) {
      const metricsServer = await startMetricsServer({ port: configs.gateway.METRICS_PORT, host: configs.gateway.HOST, metrics, logger: loggerFor('embedded') });
      lifecycle.onShutdown('metrics server', () => metricsServer.close());
      metricsUrl = `http://${configs.gateway.HOST.includes(':') ? `[${configs.gateway.HOST}]` : configs.gateway.HOST}:${metricsServer.port}/metrics`;
    }

    return {
      url: `http://localhost:${port}`,
      ...(metricsUrl ? { metricsUrl } : {}),
      publicUrl: configs.gateway.PUBLIC_URL.replace(/\/+$/, ''),
      webPushPublicKey: configs.gateway.WEB_PUSH_PUBLIC_KEY,
      host: configs.gateway.HOST,
      port,
      operatorRpc,
      clients,
      outbox,
      stores: { report: report.stores, member: member.stores, associationBilling: associationBilling.stores, notification: notification.stores, insights: insights.stores },
      dataDir,
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
