import type { DispatchRepository } from '../../app/ports.js';
import type { AlertDispatch } from '../../domain/alert-dispatch.js';

export class MemoryDispatchRepository implements DispatchRepository {
  private readonly dispatches = new Map<string, AlertDispatch>();

  async recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'> {
    if (this.dispatches.has(dispatch.reportId)) return 'already-recorded';
    this.dispatches.set(dispatch.reportId, { ...dispatch });
    return 'recorded';
  }

  async findByReportId(reportId: string): Promise<AlertDispatch | undefined> {
    const dispatch = this.dispatches.get(reportId);
    return dispatch && { ...dispatch };
  }

  async markScheduled(reportId: string, scheduledAt: Date): Promise<void> {
    const dispatch = this.dispatches.get(reportId);
    if (dispatch && dispatch.status !== 'scheduled') this.dispatches.set(reportId, { ...dispatch, status: 'scheduled', scheduledAt });
  }
}
