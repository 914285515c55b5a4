/**
 * What the notification service keeps for each submitted report: the start of its alert dispatch.
 * Keyed by report so a redelivered ReportSubmitted never starts a second dispatch.
 */
export type DispatchStatus = 'received';

export type AlertDispatch = {
  reportId: string;
  /** The event that started the dispatch. */
  eventId: string;
  status: DispatchStatus;
  receivedAt: Date;
};

export type SubmittedReport = {
  eventId: string;
  reportId: string;
};

export function startDispatch(report: SubmittedReport, receivedAt: Date): AlertDispatch {
  return { reportId: report.reportId, eventId: report.eventId, status: 'received', receivedAt };
}
