import type { AlertScheduler } from './ports/alert-jobs.js';
import type { DispatchLog } from './ports/clock-and-log.js';
import type { ClaimRecordRepository, DispatchRepository } from './ports/stores.js';
import type { ScheduleAlerts } from './schedule-alerts.js';

/**
 * Keeps dispatch in step with claims: the report's state is kept (alert jobs run only while it is active); a claimed
 * or bad report needs no more alerts; an un-claimed one is alerted again, from the coverage kept at submission, to
 * every covering member but the one who gave it back. Claims are also counted, to delay busy members. Each handler is
 * idempotent, as the event bus may deliver an event more than once, and out of order.
 */
export class FollowReportClaims {
  constructor(
    private readonly ports: {
      claims: ClaimRecordRepository;
      dispatches: DispatchRepository;
      scheduler: AlertScheduler;
      scheduleAlerts: ScheduleAlerts;
      log: DispatchLog;
    },
  ) {}

  async claimed(event: { reportId: string; memberId: string; claimedAt: Date }): Promise<void> {
    await this.ports.claims.recordClaim(event);
    const state = await this.ports.dispatches.changeReportState(event.reportId, { state: 'claimed', at: event.claimedAt });
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, state, cancelled }, 'report claimed: pending alerts cancelled');
  }

  async markedBad(event: { reportId: string; markedAt: Date }): Promise<void> {
    const state = await this.ports.dispatches.changeReportState(event.reportId, { state: 'bad', at: event.markedAt });
    const cancelled = await this.ports.scheduler.cancelForReport(event.reportId);
    this.ports.log.info({ reportId: event.reportId, state, cancelled }, 'report marked bad: pending alerts cancelled');
  }

  /** `eventId` names the re-alert round, so its SMS are new messages while a redelivery repeats nothing. */
  async unclaimed(event: { eventId: string; reportId: string; memberId: string; unclaimedAt: Date }): Promise<void> {
    const { claims, dispatches, scheduleAlerts, log } = this.ports;
    await claims.removeClaim({ reportId: event.reportId, memberId: event.memberId, unclaimedAt: event.unclaimedAt });
    await dispatches.changeReportState(event.reportId, { state: 'active', at: event.unclaimedAt });
    const dispatch = await dispatches.findByReportId(event.reportId);
    if (!dispatch) {
      log.warn({ reportId: event.reportId }, 'report un-claimed, but its submission was never received: nobody to alert');
      return;
    }
    // Claimed again (or marked bad) after this un-claim: that later change stands.
    if (dispatch.reportState !== 'active') return;
    const outcome = await scheduleAlerts.execute({
      reportId: event.reportId,
      coverage: dispatch.coverage,
      round: `unclaimed-${event.eventId}`,
      excludeMemberIds: [event.memberId],
    });
    log.info({ reportId: event.reportId, ...outcome }, 'report un-claimed: alerts scheduled again');
  }
}
