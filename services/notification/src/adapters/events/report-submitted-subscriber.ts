import { timestampDate } from '@bufbuild/protobuf/wkt';
import { languageOf, swarmSizes } from '@swarm/proto/labels';
import type { CoveringMember } from '@swarm/proto/report/v1/events';
import { ReportSubmittedEvent, subscribeTo, type EventBus, type Logger, type Subscription } from '@swarm/runtime';
import type { StartDispatchOnReportSubmitted } from '../../app/start-dispatch-on-report-submitted.js';
import { withinReportDispatch } from '../telemetry/alert-job-context.js';

const coveringMember = ({ memberId, distanceMiles, companyId, companyName }: CoveringMember) => ({ memberId, distanceMiles, companyId, companyName });

/** The durable consumer name of this service on the event bus. */
export const NOTIFICATION_CONSUMER = 'notification';

export function subscribeToReportSubmitted(
  bus: EventBus,
  startDispatch: StartDispatchOnReportSubmitted,
  logger: Logger,
): Promise<Subscription> {
  return subscribeTo(bus, NOTIFICATION_CONSUMER, ReportSubmittedEvent, async (event, delivery) => {
    // Every report is stored with its place, time and expiry; an event without them is not one the report service sends.
    if (!event.location || !event.submittedAt || !event.expiresAt) throw new Error(`report.submitted ${delivery.id} has no location, submitted_at or expires_at`);
    const submittedAt = timestampDate(event.submittedAt);
    const expiresAt = timestampDate(event.expiresAt);
    // The alert jobs it schedules time their SMS from the report's submission (the alert latency metric).
    const outcome = await withinReportDispatch({ submittedAt }, () =>
      startDispatch.execute({
        eventId: delivery.id,
        reportId: event.reportId,
        claimCode: event.claimCode,
        size: swarmSizes.label(event.size) ?? 'Unknown size',
        elevationFeet: event.elevationFeet,
        location: { latitude: event.location!.latitude, longitude: event.location!.longitude },
        submittedAt,
        coverage: event.coverage.map(coveringMember),
        widerCoverage: event.widerCoverage.map(coveringMember),
        expiresAt,
        reporterUpdates: event.reporterUpdates,
        // The number is used only with the reporter's consent, whatever else arrives.
        reporterPhone: event.reporterUpdates ? event.reporterPhone : '',
        town: event.town,
        hasPicture: event.hasPicture,
        reporterLanguage: languageOf(event.reporterLanguage),
      }),
    );
    logger.info(
      { reportId: event.reportId, eventId: delivery.id, deliveryCount: delivery.deliveryCount, covering: event.coverage.length, outcome },
      'report received for alert dispatch',
    );
  });
}
