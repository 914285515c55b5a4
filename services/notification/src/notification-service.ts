import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { GetAlertDispatch } from './app/get-alert-dispatch.js';
import type { Clock, DispatchRepository } from './app/ports.js';
import { StartDispatchOnReportSubmitted } from './app/start-dispatch-on-report-submitted.js';
import { subscribeToReportSubmitted } from './adapters/events/report-submitted-subscriber.js';
import { notificationServiceRoutes } from './adapters/rpc/notification-service-routes.js';

/** Wires the notification use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildNotificationService(ports: { dispatches: DispatchRepository; clock: Clock; bus: EventBus; logger: Logger }): {
  routes: (router: ConnectRouter) => void;
  subscribe: () => Promise<Subscription[]>;
} {
  const startDispatch = new StartDispatchOnReportSubmitted(ports.dispatches, ports.clock);
  const getAlertDispatch = new GetAlertDispatch(ports.dispatches);
  return {
    routes: notificationServiceRoutes({ getAlertDispatch }),
    subscribe: async () => [await subscribeToReportSubmitted(ports.bus, startDispatch, ports.logger)],
  };
}
