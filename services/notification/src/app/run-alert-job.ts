import { alertMessage } from '../domain/alert-message.js';
import { alertSendKey, type AlertJob } from '../domain/alert-schedule.js';
import { nextAlertTime, type MemberAlertSettings } from '../domain/member-settings.js';
import { alertSentEvent } from '../domain/sent-alert.js';
import type { MemberSettings } from './member-settings.js';
import type { AlertJobOutcome } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { AlertBilling } from './ports/other-services.js';
import type { ReportStatisticsRepository } from './ports/statistics.js';
import type { SmsSender } from './ports/sms.js';
import type { DispatchRepository, SentAlertRepository } from './ports/stores.js';

/** A window start this close to now counts as now, so a job run a moment early is not put back for milliseconds. */
const ON_TIME_MS = 1_000;

/**
 * Runs one alert job: report still active (as the report's events told this service) → member still reachable now
 * (from the copy of the member's settings this service keeps: DND or a lowered height limit drops it, outside the
 * window puts it back, each only once confirmed with the member's current settings) → charge the association (idempotent per report and member; the one call into another service) → send the
 * SMS → record it as sent with its AlertSent event (the outbox relay publishes it, and the report service records the
 * alert from it, so the member may claim in the member area; a claim by SMS reply attaches the alert). A thrown error makes the
 * scheduler retry later; every step before the SMS is idempotent, so a retry never charges twice, and the send is
 * noted before the SMS goes out, so a retry never texts the member twice.
 */
export class RunAlertJob {
  constructor(
    private readonly ports: {
      members: MemberSettings;
      billing: AlertBilling;
      dispatches: DispatchRepository;
      sms: SmsSender;
      sentAlerts: SentAlertRepository;
      statistics: ReportStatisticsRepository;
      clock: Clock;
      log: DispatchLog;
    },
  ) {}

  async execute(job: AlertJob): Promise<AlertJobOutcome> {
    const { members, billing, dispatches, sms, sentAlerts, statistics, clock, log } = this.ports;
    const context = { reportId: job.reportId, memberId: job.memberId, jobId: job.jobId };
    const sendKey = alertSendKey(job);

    const report = await dispatches.findSummaryByReportId(job.reportId);
    if (!report || report.reportState !== 'active') {
      log.info({ ...context, state: report?.reportState ?? 'unknown' }, 'alert dropped: report no longer active');
      return { kind: 'done' };
    }
    if (job.kind === 'escalation' && (await sentAlerts.findForMember(job.reportId, job.memberId)).some((sent) => sent.sendKey !== sendKey)) {
      // At most one alert per member and report, ever: the wider alert goes only to members never alerted about it.
      log.info(context, 'wider alert dropped: the member was alerted about this report already');
      return { kind: 'done' };
    }

    const now = clock.now();
    let settings = (await members.of([job.memberId])).get(job.memberId);
    let reach = reachability(settings, report.elevationFeet, now);
    if (reach.kind !== 'send') {
      // Holding an alert back is confirmed with the member's current settings: the copy may not have heard yet of
      // a change that opens the way (a window widened, Do Not Disturb turned off). Sending is never delayed for it.
      settings = await members.current(job.memberId);
      reach = reachability(settings, report.elevationFeet, now);
    }
    if (reach.kind === 'drop') {
      log.info(context, `alert dropped: ${reach.reason}`);
      return { kind: 'done' };
    }
    if (reach.kind === 'later') {
      log.info({ ...context, runAt: reach.runAt.toISOString() }, 'alert moved to the member’s next window');
      return { kind: 'reschedule', runAt: reach.runAt };
    }
    const phone = reach.phoneNumber;

    const charge = await billing.chargeAlert({ reportId: job.reportId, memberId: job.memberId, companyId: job.companyId });
    if (charge.kind !== 'charged') {
      log.warn({ ...context, companyId: job.companyId, charge: charge.kind }, 'alert dropped: the association cannot pay for it');
      return { kind: 'done' };
    }

    const { reportId, memberId, companyId, companyName, distanceMiles } = job;
    const alert = { sendKey, reportId, memberId, companyId, companyName, distanceMiles };
    const begun = await sentAlerts.beginSending({ ...alert, startedAt: now });
    if (begun === 'sent') {
      log.info(context, 'alert already sent by an earlier run');
      return { kind: 'done' };
    }

    let providerId: string | undefined;
    if (begun === 'sending') {
      // An earlier run noted the send and stopped before recording it (most likely the record failed right after the
      // SMS went out). Whether the SMS went out is unknown: a member is never texted twice for one alert.
      log.warn(context, 'alert not sent again: an earlier run stopped before recording its SMS');
    } else {
      const body = alertMessage({ claimCode: report.claimCode, size: report.size, elevationFeet: report.elevationFeet, distanceMiles: job.distanceMiles, wider: job.kind === 'escalation' });
      try {
        ({ providerId } = await sms.send({ to: phone, body, idempotencyKey: sendKey }));
      } catch (error) {
        // The provider refused the SMS: forget the send so that the retry sends it.
        await sentAlerts.abandonSending(sendKey).catch((abandonError: unknown) => log.warn({ ...context, err: abandonError }, 'alert send not forgotten; the retry will not text'));
        throw error;
      }
      log.info({ ...context, providerId }, 'alert sent');
    }

    // Durable before the job completes: a failure here fails the run, and the retry records it without texting again.
    const sentAt = clock.now();
    await sentAlerts.recordSent({ ...alert, state: 'sent', startedAt: now, sentAt, ...(providerId ? { providerId } : {}) }, alertSentEvent(alert, sentAt));
    await statistics.alertSent({ reportId, companyId, memberId, sendKey, costCents: charge.costCents });
    return { kind: 'done' };
  }
}

type Reachability = { kind: 'send'; phoneNumber: string } | { kind: 'drop'; reason: string } | { kind: 'later'; runAt: Date };

/** Whether the member may be texted about a swarm this high now, from their settings (undefined: the member left). */
function reachability(settings: MemberAlertSettings | undefined, elevationFeet: number, now: Date): Reachability {
  if (!settings) return { kind: 'drop', reason: 'the member left' };
  if (settings.availability.elevationMaximumFeet < elevationFeet) return { kind: 'drop', reason: 'the swarm is higher than the member now climbs' };
  const next = nextAlertTime(settings, now);
  if (next.never) return { kind: 'drop', reason: 'member is on Do Not Disturb' };
  if (next.sendAt.getTime() - now.getTime() > ON_TIME_MS) return { kind: 'later', runAt: next.sendAt };
  if (!settings.phoneNumber) return { kind: 'drop', reason: 'member has no phone number' };
  return { kind: 'send', phoneNumber: settings.phoneNumber };
}
