import { badReportReasons } from '@swarm/proto/labels';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ReportClaimedEvent, ReportMarkedBadEvent, subscribeTo, type EventBus, type Logger, type Subscription } from '@swarm/runtime';
import type { NotifyAdminOfBadReport } from '../../app/notify-admin-of-bad-report.js';

/**
 * Its own durable consumer name: the dispatch side also consumes report.claimed, and one name per event type is one
 * shared position (each event would go to only one of the two handlers).
 */
export const CLAIM_FOLLOW_UP_CONSUMER = 'notification-claim-follow-up';

export async function subscribeToClaimFollowUps(
  bus: EventBus,
  useCases: {
    /** Queues the location text's job (sent once per claim); undefined when this service sends no texts. */
    queueClaimLocation: ((claim: { reportId: string; memberId: string; claimedAt: Date }) => Promise<void>) | undefined;
    notifyAdminOfBadReport: NotifyAdminOfBadReport;
  },
  logger: Logger,
): Promise<Subscription[]> {
  return [
    await subscribeTo(bus, CLAIM_FOLLOW_UP_CONSUMER, ReportClaimedEvent, async (event, delivery) => {
      if (!event.claimedAt) throw new Error(`report.claimed ${delivery.id} has no claimed_at`);
      if (!useCases.queueClaimLocation) {
        logger.warn({ reportId: event.reportId, eventId: delivery.id }, 'report claimed; this service sends no texts, so no location text');
        return;
      }
      await useCases.queueClaimLocation({ reportId: event.reportId, memberId: event.memberId, claimedAt: timestampDate(event.claimedAt) });
      logger.info({ reportId: event.reportId, memberId: event.memberId, eventId: delivery.id }, 'claim location text queued');
    }),
    await subscribeTo(bus, CLAIM_FOLLOW_UP_CONSUMER, ReportMarkedBadEvent, async (event, delivery) => {
      const outcome = await useCases.notifyAdminOfBadReport.execute({
        reportId: event.reportId,
        memberId: event.memberId,
        reason: badReportReasons.label(event.reason) ?? 'Unknown reason',
        markedAt: event.markedAt ? timestampDate(event.markedAt) : new Date(0),
      });
      if (outcome === 'not-configured') logger.warn({ reportId: event.reportId }, 'report marked bad; ADMIN_EMAIL is not set, so no email');
      else logger.info({ reportId: event.reportId, eventId: delivery.id }, 'admin emailed about a report marked bad');
    }),
  ];
}
