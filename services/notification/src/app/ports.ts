import type { AlertDispatch } from '../domain/alert-dispatch.js';

export interface DispatchRepository {
  /** Stores the dispatch unless one exists for the report; answers whether this call stored it. */
  recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'>;
  findByReportId(reportId: string): Promise<AlertDispatch | undefined>;
}

export interface Clock {
  now(): Date;
}
