import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { GetAlertDispatch } from './app/get-alert-dispatch.js';
import { ListMemberAlerts } from './app/list-member-alerts.js';
import type { Clock } from './app/ports/clock-and-log.js';
import type { DispatchRepository } from './app/ports/stores.js';
import { StartDispatchOnReportSubmitted } from './app/start-dispatch-on-report-submitted.js';
import { subscribeToReportSubmitted } from './adapters/events/report-submitted-subscriber.js';
import { notificationServiceRoutes } from './adapters/rpc/notification-service-routes.js';
import { buildInboundSms, type InboundSmsPorts } from './inbound-sms.js';
import { buildDispatch, type DispatchPorts } from './dispatch.js';
import { ClaimWithToken, GetAlertByClaimToken } from './app/claim-with-token.js';
import { claimTokenHandlers } from './adapters/rpc/claim-token-routes.js';
import { ForgetReporterData } from './app/forget-reporter-data.js';
import { subscribeToReporterDataErasures } from './adapters/events/reporter-data-erased-subscriber.js';

/** Wires the notification use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildNotificationService(ports: {
  dispatches: DispatchRepository;
  clock: Clock;
  bus: EventBus;
  logger: Logger;
  /** Inbound SMS, the claimer's location text (sent by dispatch) and the bad-report email; without it those RPCs answer UNIMPLEMENTED. */
  inbound?: InboundSmsPorts;
  /** Alert scheduling and sending; without it a submitted report is only recorded. */
  dispatch?: DispatchPorts;
}): {
  routes: (router: ConnectRouter) => void;
  subscribe: () => Promise<Subscription[]>;
} {
  const claimLocation = ports.inbound && { reports: ports.inbound.reports };
  const dispatch =
    ports.dispatch &&
    buildDispatch({ ...ports.dispatch, dispatches: ports.dispatches, clock: ports.clock, bus: ports.bus, logger: ports.logger, claimLocation });
  const startDispatch = new StartDispatchOnReportSubmitted({
    dispatches: ports.dispatches,
    clock: ports.clock,
    ...(dispatch ? { scheduleAlerts: dispatch.scheduleAlerts, timers: dispatch.timers } : {}),
  });
  const getAlertDispatch = new GetAlertDispatch({ dispatches: ports.dispatches });
  const inbound =
    ports.inbound &&
    buildInboundSms({
      ...ports.inbound,
      dispatches: ports.dispatches,
      sentAlerts: ports.dispatch?.sentAlerts,
      queueClaimLocation: dispatch?.queueClaimLocation,
      clock: ports.clock,
      bus: ports.bus,
      logger: ports.logger,
    });
  // Claiming from a notification or an alert email needs both sides: the tokens dispatch signs, the claims inbound makes.
  const claimHandlers =
    dispatch && ports.dispatch && ports.inbound
      ? claimTokenHandlers({
          claimWithToken: new ClaimWithToken({
            tokens: ports.dispatch.alertChannels.claimTokens,
            uses: ports.dispatch.claimTokenUses,
            dispatches: ports.dispatches,
            sentAlerts: ports.dispatch.sentAlerts,
            reports: ports.inbound.reports,
            clock: ports.clock,
          }),
          getAlertByClaimToken: new GetAlertByClaimToken({
            tokens: ports.dispatch.alertChannels.claimTokens,
            dispatches: ports.dispatches,
            sentAlerts: ports.dispatch.sentAlerts,
            reports: ports.dispatch.reports,
            claimDetails: ports.inbound.reports,
            thumbnailUrl: ports.dispatch.alertChannels.links.thumbnailUrl,
            clock: ports.clock,
          }),
          sendTestAlert: dispatch.sendTestAlert,
          devPush: ports.dispatch.devPush,
        })
      : {};
  const listMemberAlerts = ports.dispatch && new ListMemberAlerts({ sentAlerts: ports.dispatch.sentAlerts });
  const forgetReporterData = new ForgetReporterData({
    dispatches: ports.dispatches,
    sentTexts: ports.dispatch?.sentTexts,
    inboundMessages: ports.inbound?.messages,
    log: ports.logger,
  });
  return {
    routes: notificationServiceRoutes({ getAlertDispatch, listMemberAlerts }, { ...inbound?.handlers, ...claimHandlers }),
    subscribe: async () => [
      await subscribeToReportSubmitted(ports.bus, startDispatch, ports.logger),
      await subscribeToReporterDataErasures(ports.bus, forgetReporterData),
      ...((await inbound?.subscribe()) ?? []),
      ...((await dispatch?.start()) ?? []),
    ],
  };
}
