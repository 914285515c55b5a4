import { ReportSubmittedEvent, subscribeTo, type EventBus, type Logger, type Subscription } from '@swarm/runtime';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { StartDispatchOnReportSubmitted } from '../../app/start-dispatch-on-report-submitted.js';
import { withinReportDispatch } from '../telemetry/alert-job-context.js';

/** The durable consumer name of this service on the event bus. */
export const NOTIFICATION_CONSUMER = 'notification';

export function subscribeToReportSubmitted(
  bus: EventBus,
  startDispatch: StartDispatchOnReportSubmitted,
  logger: Logger,
): Promise<Subscription> {
  return subscribeTo(bus, NOTIFICATION_CONSUMER, ReportSubmittedEvent, async (event, delivery) => {
    // The alert jobs it schedules time their SMS from the report's submission (the alert latency metric).
    const submittedAt = event.submittedAt ? timestampDate(event.submittedAt) : undefined;
    const outcome = await withinReportDispatch({ submittedAt }, () =>
      startDispatch.execute({
        eventId: delivery.id,
        reportId: event.reportId,
        elevationFeet: event.elevationFeet,
        ...(event.location ? { location: { latitude: event.location.latitude, longitude: event.location.longitude } } : {}),
      }),
    );
    logger.info({ reportId: event.reportId, eventId: delivery.id, deliveryCount: delivery.deliveryCount, outcome }, 'report received for alert dispatch');
  });
}
