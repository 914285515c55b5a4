import type { AlertDispatch } from '../domain/alert-dispatch.js';
import { NotificationError } from '../domain/notification-error.js';
import type { DispatchRepository } from './ports/stores.js';

export class GetAlertDispatch {
  constructor(private readonly ports: { dispatches: DispatchRepository }) {}

  async execute(reportId: string): Promise<AlertDispatch> {
    const dispatch = await this.ports.dispatches.findByReportId(reportId);
    if (!dispatch) throw new NotificationError('NOTIFICATION.DISPATCH_NOT_FOUND', 'no dispatch for this report');
    return dispatch;
  }
}
