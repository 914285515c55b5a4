import { alertMessage } from '../domain/alert-message.js';
import { alertSendKey, type AlertJob } from '../domain/alert-schedule.js';
import type { AlertBilling, AlertEvents, AlertJobOutcome, Clock, DispatchLog, MemberDirectory, ReportDirectory, SmsSender } from './ports.js';

/** A window start this close to now counts as now, so a job run a moment early is not put back for milliseconds. */
const ON_TIME_MS = 1_000;

/**
 * Runs one alert job: report still active → member still reachable now (DND drops it, outside the window puts it
 * back) → charge the association (idempotent per report and member) → record the alert on the report → send the
 * SMS → publish AlertSent. A thrown error makes the scheduler retry later; every step before the SMS is idempotent,
 * so a retry never charges twice.
 */
export class RunAlertJob {
  constructor(
    private readonly ports: {
      members: MemberDirectory;
      billing: AlertBilling;
      reports: ReportDirectory;
      sms: SmsSender;
      events: AlertEvents;
      clock: Clock;
      log: DispatchLog;
    },
  ) {}

  async execute(job: AlertJob): Promise<AlertJobOutcome> {
    const { members, billing, reports, sms, events, clock, log } = this.ports;
    const context = { reportId: job.reportId, memberId: job.memberId, jobId: job.jobId };

    const report = await reports.getReport(job.reportId);
    if (!report || report.state !== 'active') {
      log.info({ ...context, state: report?.state ?? 'unknown' }, 'alert dropped: report no longer active');
      return { kind: 'done' };
    }

    const now = clock.now();
    const next = await members.nextAlertTime(job.memberId, now);
    if (next.never) {
      log.info(context, 'alert dropped: member is on Do Not Disturb');
      return { kind: 'done' };
    }
    if (next.sendAt.getTime() - now.getTime() > ON_TIME_MS) {
      log.info({ ...context, runAt: next.sendAt.toISOString() }, 'alert moved to the member’s next window');
      return { kind: 'reschedule', runAt: next.sendAt };
    }

    const phone = await members.phoneNumber(job.memberId);
    if (!phone) {
      log.warn(context, 'alert dropped: member has no phone number');
      return { kind: 'done' };
    }

    const charge = await billing.chargeAlert({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId });
    if (charge !== 'charged') {
      log.warn({ ...context, companyId: job.companyId, charge }, 'alert dropped: the association cannot pay for it');
      return { kind: 'done' };
    }

    // Recorded before the SMS goes out, so a member who replies at once is already allowed to claim.
    const state = await reports.recordAlert({
      reportId: job.reportId,
      memberId: job.memberId,
      companyId: job.companyId,
      companyName: job.companyName,
      distanceMiles: job.distanceMiles,
      alertedAt: now,
    });
    if (state !== 'active') {
      log.info({ ...context, state }, 'alert dropped: report stopped being active meanwhile');
      return { kind: 'done' };
    }

    const body = alertMessage({ claimCode: report.claimCode, size: report.size, elevationFeet: report.elevationFeet, distanceMiles: job.distanceMiles });
    const { providerId } = await sms.send({ to: phone, body, idempotencyKey: alertSendKey(job) });
    log.info({ ...context, providerId }, 'alert sent');

    // The SMS is out: a failed publish must not make the job retry and text the member again.
    await events
      .alertSent({ eventId: `alert-sent--${alertSendKey(job)}`, reportId: job.reportId, memberId: job.memberId, companyId: job.companyId, sentAt: clock.now() })
      .catch((error: unknown) => log.warn({ ...context, err: error }, 'AlertSent not published'));
    return { kind: 'done' };
  }
}
