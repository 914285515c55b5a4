import {
  ReportClaimedEvent,
  ReportClosedEvent,
  ReportDepartedEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  subscribeTo,
  type EventBus,
  type Logger,
  type Subscription,
} from '@swarm/runtime';
import type { ArmReportTimers } from '../../app/arm-report-timers.js';

/**
 * The durable consumer through which the report service follows its own changes to arm their timers: each change is
 * announced only once it is stored, and its event is delivered until handled, so a change whose timer could not be
 * armed at once (Redis away) gets it on redelivery.
 */
export const REPORT_TIMERS_CONSUMER = 'report-timers';

/** Every change that starts, moves or ends a report's timer. */
export function subscribeToReportTimerChanges(bus: EventBus, arm: ArmReportTimers, logger: Logger): Promise<Subscription[]> {
  const armFor = async (reportId: string, eventId: string) => {
    const timer = await arm.forReport(reportId);
    logger.debug({ reportId, eventId, timer: timer?.kind, at: timer?.at.toISOString() }, 'report timer armed');
  };
  return Promise.all([
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportSubmittedEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportClaimedEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportUnclaimedEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportMarkedBadEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportExpiredEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportClosedEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
    subscribeTo(bus, REPORT_TIMERS_CONSUMER, ReportDepartedEvent, (event, delivery) => armFor(event.reportId, delivery.id)),
  ]);
}
