import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { ArmReportTimers } from './app/arm-report-timers.js';
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
import type { ReportLifecycleScheduler, ReportSettings, RetentionSettings } from './app/ports.js';
import { RecordAlert } from './app/record-alert.js';
import { RecordClaimOutcome } from './app/record-claim-outcome.js';
import { ListLiveReportsByReporter, MarkDepartedByReporter } from './app/reporter-reports.js';
import { RunReportTimer } from './app/run-report-timer.js';
import { SubmitReport, type SubmitReportPorts } from './app/submit-report.js';
import { UnclaimReport } from './app/unclaim-report.js';
import { subscribeToAlertSent } from './adapters/events/alert-sent-subscriber.js';
import { subscribeToReportTimerChanges } from './adapters/events/report-timer-subscribers.js';
import { CountedClaimReport, type ClaimOutcome as ClaimCount } from './adapters/metrics/counted-claims.js';
import { reportServiceRoutes } from './adapters/rpc/report-service-routes.js';
import { DEFAULT_REPORT_ACTIVE_HOURS } from './domain/lifecycle.js';
import { DEFAULT_REPORTER_DATA_DAYS } from './domain/retention.js';

/** Wires the report use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildReportService(
  ports: SubmitReportPorts & {
    /** The report's lifecycle timers: its expiry while active, its claim's close while claimed. */
    timers: ReportLifecycleScheduler;
  },
  telemetry: { countClaim: (outcome: ClaimCount) => void } = { countClaim: () => undefined },
  settings: ReportSettings & RetentionSettings = { reportActiveHours: DEFAULT_REPORT_ACTIVE_HOURS, reporterDataDays: DEFAULT_REPORTER_DATA_DAYS },
): {
  routes: (router: ConnectRouter) => void;
  /** Erases the reporter's data of the reports ended REPORTER_DATA_DAYS ago; run by a periodic sweep. */
  eraseReporterData: EraseReporterData;
  /**
   * Follows the events the service consumes: alert.sent records the alert, so the member may claim; the report's own
   * changes arm its timer.
   */
  subscribe: (bus: EventBus, logger: Logger) => Promise<Subscription[]>;
  /** Runs the timers as they come due (`start`), and arms every live report's timer from the store. */
  lifecycle: { start: () => Promise<void>; armTimers: ArmReportTimers };
} {
  const recordAlert = new RecordAlert(ports);
  const armTimers = new ArmReportTimers(ports, settings);
  const runTimer = new RunReportTimer(
    { ...ports, expireReport: new ExpireReport(ports, settings), closeClaimedReport: new CloseClaimedReport(ports) },
    settings,
  );
  return {
    eraseReporterData: new EraseReporterData(ports, settings),
    subscribe: async (bus, logger) => [await subscribeToAlertSent(bus, recordAlert, logger), ...(await subscribeToReportTimerChanges(bus, armTimers, logger))],
    lifecycle: {
      start: () => ports.timers.start((timer) => runTimer.execute(timer)),
      armTimers,
    },
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
      listLiveReportsByReporter: new ListLiveReportsByReporter(ports.reports),
      markDepartedByReporter: new MarkDepartedByReporter(ports),
      recordClaimOutcome: new RecordClaimOutcome(ports),
    }),
  };
}
