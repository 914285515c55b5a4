import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { CloseClaimedReport } from './app/close-claimed-report.js';
import { ExpireReport } from './app/expire-report.js';
import { GetClaimDetails } from './app/get-claim-details.js';
import { GetReport } from './app/get-report.js';
import { GetReportImage } from './app/get-report-image.js';
import { ListActiveReportsForMember } from './app/list-active-reports-for-member.js';
import { ListClaimedReportsForMember } from './app/list-claimed-reports-for-member.js';
import { ListReportAssociations } from './app/list-report-associations.js';
import { MarkReportBad } from './app/mark-report-bad.js';
import { EraseReporterData } from './app/erase-reporter-data.js';
import type { ReportSettings, RetentionSettings } from './app/ports.js';
import { RecordAlert } from './app/record-alert.js';
import { RecordClaimOutcome } from './app/record-claim-outcome.js';
import { ListLiveReportsByReporter, MarkDepartedByReporter } from './app/reporter-reports.js';
import { SubmitReport, type SubmitReportPorts } from './app/submit-report.js';
import { UnclaimReport } from './app/unclaim-report.js';
import { subscribeToAlertSent } from './adapters/events/alert-sent-subscriber.js';
import { CountedClaimReport, type ClaimOutcome as ClaimCount } from './adapters/metrics/counted-claims.js';
import { reportServiceRoutes } from './adapters/rpc/report-service-routes.js';
import { DEFAULT_REPORT_ACTIVE_HOURS } from './domain/lifecycle.js';
import { DEFAULT_REPORTER_DATA_DAYS } from './domain/retention.js';

/** Wires the report use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildReportService(
  ports: SubmitReportPorts,
  telemetry: { countClaim: (outcome: ClaimCount) => void } = { countClaim: () => undefined },
  settings: ReportSettings & RetentionSettings = { reportActiveHours: DEFAULT_REPORT_ACTIVE_HOURS, reporterDataDays: DEFAULT_REPORTER_DATA_DAYS },
): {
  routes: (router: ConnectRouter) => void;
  /** Erases the reporter's data of the reports ended REPORTER_DATA_DAYS ago; run by a periodic sweep. */
  eraseReporterData: EraseReporterData;
  /** Follows the events the service consumes: alert.sent records the alert, so the member may claim. */
  subscribe: (bus: EventBus, logger: Logger) => Promise<Subscription[]>;
} {
  const recordAlert = new RecordAlert(ports);
  return {
    eraseReporterData: new EraseReporterData(ports, settings),
    subscribe: async (bus, logger) => [await subscribeToAlertSent(bus, recordAlert, logger)],
    routes: reportServiceRoutes({
      submitReport: new SubmitReport(ports, settings),
      getReport: new GetReport(ports.reports),
      listReportAssociations: new ListReportAssociations(ports.reports),
      recordAlert,
      claimReport: new CountedClaimReport(ports, telemetry.countClaim),
      unclaimReport: new UnclaimReport(ports, settings),
      markReportBad: new MarkReportBad(ports),
      getClaimDetails: new GetClaimDetails(ports.reports),
      listActiveReportsForMember: new ListActiveReportsForMember(ports.reports),
      listClaimedReportsForMember: new ListClaimedReportsForMember(ports),
      getReportImage: new GetReportImage(ports),
      expireReport: new ExpireReport(ports, settings),
      closeClaimedReport: new CloseClaimedReport(ports),
      listLiveReportsByReporter: new ListLiveReportsByReporter(ports.reports),
      markDepartedByReporter: new MarkDepartedByReporter(ports),
      recordClaimOutcome: new RecordClaimOutcome(ports),
    }),
  };
}
