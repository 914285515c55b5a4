import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { GetClaimDetails } from './app/get-claim-details.js';
import { GetReport } from './app/get-report.js';
import { GetReportImage } from './app/get-report-image.js';
import { ListActiveReportsForMember } from './app/list-active-reports-for-member.js';
import { ListClaimedReportsForMember } from './app/list-claimed-reports-for-member.js';
import { ListReportAssociations } from './app/list-report-associations.js';
import { MarkReportBad } from './app/mark-report-bad.js';
import { RecordAlert } from './app/record-alert.js';
import { SubmitReport, type SubmitReportPorts } from './app/submit-report.js';
import { UnclaimReport } from './app/unclaim-report.js';
import { subscribeToAlertSent } from './adapters/events/alert-sent-subscriber.js';
import { CountedClaimReport, type ClaimOutcome } from './adapters/metrics/counted-claims.js';
import { reportServiceRoutes } from './adapters/rpc/report-service-routes.js';

/** Wires the report use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildReportService(
  ports: SubmitReportPorts,
  telemetry: { countClaim: (outcome: ClaimOutcome) => void } = { countClaim: () => undefined },
): {
  routes: (router: ConnectRouter) => void;
  /** Follows the events the service consumes: alert.sent records the alert, so the member may claim. */
  subscribe: (bus: EventBus, logger: Logger) => Promise<Subscription[]>;
} {
  const recordAlert = new RecordAlert(ports);
  return {
    subscribe: async (bus, logger) => [await subscribeToAlertSent(bus, recordAlert, logger)],
    routes: reportServiceRoutes({
      submitReport: new SubmitReport(ports),
      getReport: new GetReport(ports.reports),
      listReportAssociations: new ListReportAssociations(ports.reports),
      recordAlert,
      claimReport: new CountedClaimReport(ports, telemetry.countClaim),
      unclaimReport: new UnclaimReport(ports),
      markReportBad: new MarkReportBad(ports),
      getClaimDetails: new GetClaimDetails(ports.reports),
      listActiveReportsForMember: new ListActiveReportsForMember(ports.reports),
      listClaimedReportsForMember: new ListClaimedReportsForMember(ports),
      getReportImage: new GetReportImage(ports),
    }),
  };
}
