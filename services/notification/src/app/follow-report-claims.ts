import type { AlertScheduler, ClaimRecordRepository, DispatchLog } from './ports.js';
import type { ScheduleAlerts } from './schedule-alerts.js';

/**
 * Keeps dispatch in step with claims: a claimed or bad report needs no more alerts; an un-claimed one is alerted
 * again to every covering member but the one who gave it back. Claims are also counted, to delay busy members.
 * Each handler is idempotent, as the event bus may deliver an event more than once.
 */
export class FollowReportClaims {
  constructor(
    private readonly ports: { claims: ClaimRecordRepository; scheduler: AlertScheduler; scheduleAlerts: ScheduleAlerts; log: DispatchLog },
  ) {}

  async claimed(event: { reportId: string; memberId: string; claimedAt: Date }): Promise<void> {
    await this.ports.claims.recordClaim(event);
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, cancelled }, 'report claimed: pending alerts cancelled');
  }

  async markedBad(event: { reportId: string }): Promise<void> {
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, cancelled }, 'report marked bad: pending alerts cancelled');
  }

  /** `eventId` names the re-alert round, so its SMS are new messages while a redelivery repeats nothing. */
  async unclaimed(event: { eventId: string; reportId: string; memberId: string; unclaimedAt: Date }): Promise<void> {
    await this.ports.claims.removeClaim({ reportId: event.reportId, memberId: event.memberId, unclaimedAt: event.unclaimedAt });
    const outcome = await this.ports.scheduleAlerts.execute({
      reportId: event.reportId,
      round: `unclaimed-${event.eventId}`,
      excludeMemberIds: [event.memberId],
    });
    this.ports.log.info({ reportId: event.reportId, ...outcome }, 'report un-claimed: alerts scheduled again');
  }
}
