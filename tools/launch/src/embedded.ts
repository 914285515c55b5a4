import { createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { buildAssociationBillingService, MemoryAssociationRepository } from '@swarm/association-billing-service';
import { buildGateway, createServiceClients, type ServiceClients, type ServiceName } from '@swarm/gateway';
import { buildMemberService, MemoryMemberRepository } from '@swarm/member-service';
import { buildNotificationService, MemoryDispatchRepository } from '@swarm/notification-service';
import { buildReportService, MemoryReportRepository } from '@swarm/report-service';
import {
  HealthRegistry,
  InProcessEventBus,
  MemoryOutbox,
  OutboxRelay,
  registerHealthService,
  secureRandomBelow,
  systemClock,
  uuidIds,
  type Logger,
} from '@swarm/runtime';

export type EmbeddedProduct = { url: string; port: number; clients: ServiceClients; close: () => Promise<void> };

/**
 * The whole product in one process: the four services on in-memory repositories and an in-process event bus,
 * reached by the gateway through Connect's in-memory router transport. Same use cases as the distributed mode.
 */
export async function startEmbedded(options: {
  port: number;
  host?: string;
  staticDir: string;
  reportImageMaxBytes?: number;
  /** A logger per part of the product, so each line names its service as in the distributed mode. */
  loggerFor: (service: 'embedded' | 'report' | 'notification' | 'gateway') => Logger;
}): Promise<EmbeddedProduct> {
  const { loggerFor } = options;
  const logger = loggerFor('embedded');
  const bus = new InProcessEventBus(logger);
  const health = new HealthRegistry();
  health.register('event bus', () => bus.isHealthy());

  const reportOutbox = new MemoryOutbox();
  const relay = new OutboxRelay(reportOutbox, bus, loggerFor('report'), { pollIntervalMs: 1_000 });
  const report = buildReportService({
    reports: new MemoryReportRepository(reportOutbox, () => relay.notify()),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
  });
  const member = buildMemberService({ members: new MemoryMemberRepository(), clock: systemClock, ids: uuidIds });
  const associationBilling = buildAssociationBillingService({ associations: new MemoryAssociationRepository(), clock: systemClock, ids: uuidIds });
  const notification = buildNotificationService({
    dispatches: new MemoryDispatchRepository(),
    clock: systemClock,
    bus,
    logger: loggerFor('notification'),
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
  const gateway = await buildGateway({
    clients,
    settings: { staticDir: options.staticDir, reportImageMaxBytes: options.reportImageMaxBytes ?? 10 * 1024 * 1024 },
    logger: loggerFor('gateway'),
  });
  await gateway.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  const address = gateway.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  return {
    url: `http://localhost:${port}`,
    port,
    clients,
    close: async () => {
      await gateway.close();
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
      await relay.stop();
      await bus.close();
    },
  };
}
