import { textJob, type FollowUpText, type TextPurpose } from '../domain/alert-schedule.js';
import { deliverSms } from './deliver-sms.js';
import type { AlertScheduler, JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { SmsSender } from './ports/sms.js';
import type { ReportStatisticsRepository } from './ports/statistics.js';
import type { SentTextRepository, SmsOptOutRepository } from './ports/stores.js';

export type { FollowUpText };

export type FollowUpTextOutcome = 'sent' | 'opted-out' | 'already-sent' | 'found-sent' | 'refused';

const TO_REPORTER: readonly TextPurpose[] = ['reporter-claimed', 'reporter-unclaimed', 'reporter-expired'];

/**
 * Sends a text that is not an alert exactly once per key: nothing to a number that replied STOP; noted before it goes
 * to the provider, so a run that finds the note of an interrupted one asks the provider whether it took the text before
 * sending it (see deliverSms). A text the provider refuses for good is kept as failed. Texts to a reporter are counted
 * in the association statistics and charged to nobody.
 */
export class SendFollowUpText {
  constructor(
    private readonly ports: {
      texts: SentTextRepository;
      optOuts: SmsOptOutRepository;
      sms: SmsSender;
      statistics: ReportStatisticsRepository;
      clock: Clock;
      log: DispatchLog;
    },
  ) {}

  /** A thrown error means "retry": the text stays begun, and the retry finds out whether it went. */
  async execute(text: FollowUpText, attempt: JobAttempt = { final: false }): Promise<FollowUpTextOutcome> {
    const { texts, optOuts, sms, statistics, clock, log } = this.ports;
    const context = { reportId: text.reportId, purpose: text.purpose, key: text.key };
    if (await optOuts.isOptedOut(text.to)) {
      log.info(context, 'text not sent: the number replied STOP');
      return 'opted-out';
    }
    const { body, ...noted } = text;
    const begun = await texts.beginSending({ ...noted, startedAt: clock.now() });
    if (begun === 'sent') return 'already-sent';
    if (begun === 'failed') return 'refused';
    const interrupted = begun === 'sending' ? await texts.find(text.key) : undefined;

    let delivery;
    try {
      delivery = await deliverSms(sms, { to: text.to, body, idempotencyKey: text.key }, interrupted);
    } catch (error) {
      if (!attempt.final) throw error;
      delivery = { kind: 'refused' as const, reason: `provider unavailable: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (delivery.kind === 'refused') {
      await texts.markFailed(text.key, delivery.reason);
      log.warn({ ...context, reason: delivery.reason }, 'text not sent: refused for good');
      return 'refused';
    }
    await texts.markSent(text.key, { sentAt: clock.now(), providerId: delivery.providerId });
    if (TO_REPORTER.includes(text.purpose)) await statistics.reporterTexted({ reportId: text.reportId, textKey: text.key });
    log.info({ ...context, providerId: delivery.providerId, found: delivery.found }, delivery.found ? 'text found sent by an interrupted run' : 'text sent');
    return delivery.found ? 'found-sent' : 'sent';
  }
}

/** Event handlers hand texts to a job of their own (see TextJob), due at once. */
export class QueueText {
  constructor(private readonly ports: { scheduler: Pick<AlertScheduler, 'schedule'>; clock: Clock }) {}

  async queue(text: FollowUpText): Promise<void> {
    await this.ports.scheduler.schedule(textJob(text), this.ports.clock.now());
  }
}
