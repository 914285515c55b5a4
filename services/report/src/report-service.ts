import type { ConnectRouter } from '@connectrpc/connect';
import { GetReport } from './app/get-report.js';
import { ListReportAssociations } from './app/list-report-associations.js';
import { SubmitReport, type SubmitReportPorts } from './app/submit-report.js';
import { reportServiceRoutes } from './adapters/rpc/report-service-routes.js';

/** Wires the report use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildReportService(ports: SubmitReportPorts): {
  routes: (router: ConnectRouter) => void;
} {
  const submitReport = new SubmitReport(ports);
  const getReport = new GetReport(ports.reports);
  const listReportAssociations = new ListReportAssociations(ports.reports);
  return { routes: reportServiceRoutes({ submitReport, getReport, listReportAssociations }) };
}
