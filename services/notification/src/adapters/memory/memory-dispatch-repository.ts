import { DEFAULT_LANGUAGE, type LanguageLabel } from '@swarm/proto/labels';
import type { DispatchRepository } from '../../app/ports/stores.js';
import { LIVE_REPORT_STATES, stateChangeApplies, townLevel, type AlertDispatch, type DispatchSummary, type ReportState } from '../../domain/alert-dispatch.js';

export class MemoryDispatchRepository implements DispatchRepository {
  private readonly dispatches = new Map<string, AlertDispatch>();

  async recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'> {
    if (this.dispatches.has(dispatch.reportId)) return 'already-recorded';
    this.dispatches.set(dispatch.reportId, structuredClone(dispatch));
    return 'recorded';
  }

  async findByReportId(reportId: string): Promise<AlertDispatch | undefined> {
    const dispatch = this.dispatches.get(reportId);
    return dispatch && structuredClone(dispatch);
  }

  async findSummaryByReportId(reportId: string): Promise<DispatchSummary | undefined> {
    const dispatch = this.dispatches.get(reportId);
    if (!dispatch) return undefined;
    const { coverage: _coverage, widerCoverage: _widerCoverage, ...summary } = dispatch;
    return structuredClone(summary);
  }

  async markScheduled(reportId: string, scheduledAt: Date): Promise<void> {
    const dispatch = this.dispatches.get(reportId);
    if (dispatch && dispatch.status !== 'scheduled') this.dispatches.set(reportId, { ...dispatch, status: 'scheduled', scheduledAt });
  }

  async findLiveByClaimCode(claimCode: string): Promise<AlertDispatch[]> {
    return [...this.dispatches.values()].filter((dispatch) => dispatch.claimCode === claimCode && LIVE_REPORT_STATES.includes(dispatch.reportState)).map((dispatch) => structuredClone(dispatch));
  }

  async changeReportState(reportId: string, change: { state: ReportState; at: Date }): Promise<'changed' | 'unchanged' | 'unknown'> {
    const dispatch = this.dispatches.get(reportId);
    if (!dispatch) return 'unknown';
    if (!stateChangeApplies(dispatch, change.at)) return 'unchanged';
    this.dispatches.set(reportId, { ...dispatch, reportState: change.state, reportStateAt: change.at });
    return 'changed';
  }

  async findReporterLanguage(reporterPhone: string): Promise<LanguageLabel | undefined> {
    if (!reporterPhone) return undefined;
    const newest = [...this.dispatches.values()]
      .filter((dispatch) => dispatch.reporterPhone === reporterPhone)
      .sort((left, right) => right.submittedAt.getTime() - left.submittedAt.getTime())[0];
    return newest && (newest.reporterLanguage ?? DEFAULT_LANGUAGE);
  }

  async eraseReporterData(reportId: string): Promise<void> {
    const dispatch = this.dispatches.get(reportId);
    if (dispatch) this.dispatches.set(reportId, { ...dispatch, reporterPhone: '', location: townLevel(dispatch.location) });
  }
}
