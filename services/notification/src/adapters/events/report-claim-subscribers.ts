import { timestampDate } from '@bufbuild/protobuf/wkt';
import {
  ReportClaimedEvent,
  ReportClosedEvent,
  ReportDepartedEvent,
  ReporterSaidGoneEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReportUnclaimedEvent,
  subscribeTo,
  type EventBus,
  type Logger,
  type Subscription,
} from '@swarm/runtime';
import type { Clock } from '../../app/ports/clock-and-log.js';
import type { FollowReportClaims } from '../../app/follow-report-claims.js';
import { NOTIFICATION_CONSUMER } from './report-submitted-subscriber.js';

/** Subscribes dispatch to the events of a report after its submission. */
export async function subscribeToReportClaims(bus: EventBus, follow: FollowReportClaims, clock: Clock, logger: Logger): Promise<Subscription[]> {
  const at = (timestamp: Parameters<typeof timestampDate>[0] | undefined) => (timestamp ? timestampDate(timestamp) : clock.now());
  return Promise.all([
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportClaimedEvent, async (event, delivery) => {
      logger.debug({ reportId: event.reportId, eventId: delivery.id }, 'report claimed');
      await follow.claimed({ eventId: delivery.id, reportId: event.reportId, memberId: event.memberId, claimedAt: at(event.claimedAt) });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportUnclaimedEvent, async (event, delivery) => {
      await follow.unclaimed({ eventId: delivery.id, reportId: event.reportId, memberId: event.memberId, unclaimedAt: at(event.unclaimedAt) });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportMarkedBadEvent, async (event) => {
      await follow.markedBad({ reportId: event.reportId, markedAt: at(event.markedAt) });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportExpiredEvent, async (event) => {
      await follow.expired({ reportId: event.reportId, expiredAt: at(event.expiredAt) });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportDepartedEvent, async (event) => {
      await follow.departed({ reportId: event.reportId, departedAt: at(event.departedAt) });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReporterSaidGoneEvent, async (event) => {
      await follow.reporterSaidGone({ reportId: event.reportId, memberId: event.memberId, claimCode: event.claimCode });
    }),
    subscribeTo(bus, NOTIFICATION_CONSUMER, ReportClosedEvent, async (event) => {
      await follow.closed({ reportId: event.reportId, closedAt: at(event.closedAt) });
    }),
  ]);
}
