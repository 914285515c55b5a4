import type { ConnectRouter } from '@connectrpc/connect';
import { GetReport } from './app/get-report.js';
import type { Clock, IdGenerator, RandomBelow, ReportRepository } from './app/ports.js';
import { SubmitReport } from './app/submit-report.js';
import { reportServiceRoutes } from './adapters/rpc/report-service-routes.js';

/** Wires the report use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildReportService(ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator; randomBelow: RandomBelow }): {
  routes: (router: ConnectRouter) => void;
} {
  const submitReport = new SubmitReport(ports.reports, ports.clock, ports.ids, ports.randomBelow);
  const getReport = new GetReport(ports.reports);
  return { routes: reportServiceRoutes({ submitReport, getReport }) };
}
