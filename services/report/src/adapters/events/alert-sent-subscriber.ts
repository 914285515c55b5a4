import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AlertSentEvent, subscribeTo, type EventBus, type Logger, type Subscription } from '@swarm/runtime';
import type { RecordAlert } from '../../app/record-alert.js';
import { ReportError } from '../../domain/report-error.js';

/** The durable consumer name of the report service on the event bus. */
export const REPORT_CONSUMER = 'report';

/**
 * Records each alert the notification service sent, so the member may claim the report in the member area. A
 * redelivery changes nothing (the first record is kept). An alert about a report this service does not have, or one
 * that does not check, can never be recorded: it is logged and acknowledged rather than redelivered for ever.
 */
export function subscribeToAlertSent(bus: EventBus, recordAlert: RecordAlert, logger: Logger): Promise<Subscription> {
  return subscribeTo(bus, REPORT_CONSUMER, AlertSentEvent, async (event, delivery) => {
    const context = { reportId: event.reportId, memberId: event.memberId, eventId: delivery.id };
    try {
      await recordAlert.execute({
        reportId: event.reportId,
        memberId: event.memberId,
        companyId: event.companyId,
        companyName: event.companyName,
        distanceMiles: event.distanceMiles,
        alertedAt: event.sentAt && timestampDate(event.sentAt),
      });
      logger.debug(context, 'alert recorded');
    } catch (error) {
      if (error instanceof ReportError && (error.code === 'REPORT.NOT_FOUND' || error.code === 'REPORT.INVALID_ALERT')) {
        logger.warn({ ...context, code: error.code, details: error.details }, 'alert.sent not recorded');
        return;
      }
      throw error;
    }
  });
}
