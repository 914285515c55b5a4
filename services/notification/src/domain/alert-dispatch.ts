/**
 * What the notification service keeps for each submitted report: the start of its alert dispatch.
 * Keyed by report so a redelivered ReportSubmitted never starts a second dispatch.
 */
/** 'received' until every alert job of the report is scheduled, then 'scheduled'. */
export type DispatchStatus = 'received' | 'scheduled';

export type AlertDispatch = {
  reportId: string;
  /** The event that started the dispatch. */
  eventId: string;
  status: DispatchStatus;
  receivedAt: Date;
  scheduledAt?: Date;
};

export type SubmittedReport = {
  eventId: string;
  reportId: string;
  /** Absent when the event carried none; dispatch then asks the report service. */
  location?: { latitude: number; longitude: number };
  elevationFeet?: number;
};

export function startDispatch(report: SubmittedReport, receivedAt: Date): AlertDispatch {
  return { reportId: report.reportId, eventId: report.eventId, status: 'received', receivedAt };
}
