import { textJob, type FollowUpText, type TextPurpose } from '../domain/alert-schedule.js';
import { DeliverOnce, SendTakenOverError, type DeliveryOutcome } from './deliver-once.js';
import { deliverSms } from './deliver-sms.js';
import type { AlertScheduler, JobAttempt } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { SmsSender } from './ports/sms.js';
import type { ReporterTextEvents } from './ports/stores.js';
import type { SentTextRepository, SmsOptOutRepository } from './ports/stores.js';

export type { FollowUpText };

export type FollowUpTextOutcome = Exclude<DeliveryOutcome, 'not-begun'> | 'opted-out';

const TO_REPORTER: readonly TextPurpose[] = ['reporter-claimed', 'reporter-unclaimed', 'reporter-expired'];

/**
 * Sends a text that is not an alert exactly once per key (see DeliverOnce): nothing to a number that replied STOP; a
 * run that finds the note of an interrupted one asks the provider whether it took the text before sending it. A text
 * the provider refuses for good, or cannot take by the job's last attempt, is kept as failed. Texts to a reporter are
 * announced (ReporterTextSent, which the association statistics count) and charged to nobody.
 */
export class SendFollowUpText {
  private readonly once: DeliverOnce;

  constructor(
    private readonly ports: {
      texts: SentTextRepository;
      optOuts: SmsOptOutRepository;
      sms: SmsSender;
      reporterTexts: ReporterTextEvents;
      /** SEND_LEASE_MS: see DeliverOnce. */
      sendLeaseMs?: number | undefined;
      clock: Clock;
      log: DispatchLog;
    },
  ) {
    this.once = new DeliverOnce({ texts: ports.texts, clock: ports.clock, sendLeaseMs: ports.sendLeaseMs });
  }

  /** A thrown error means "retry": the text stays begun, and the retry finds out whether it went. */
  async execute(text: FollowUpText, attempt: JobAttempt = { final: false }): Promise<FollowUpTextOutcome> {
    const { optOuts, sms, reporterTexts, clock, log } = this.ports;
    const context = { reportId: text.reportId, purpose: text.purpose, key: text.key };
    if (await optOuts.isOptedOut(text.to)) {
      log.info(context, 'text not sent: the number replied STOP');
      return 'opted-out';
    }
    const { body, ...record } = text;
    let outcome: DeliveryOutcome;
    try {
      outcome = await this.once.execute(record, (interrupted, handOver) => deliverSms(sms, { to: text.to, body, idempotencyKey: text.key }, interrupted, handOver));
    } catch (error) {
      // Another run of the job owns the text now and settles it (and announces it).
      if (error instanceof SendTakenOverError) return 'in-progress';
      if (!attempt.final) throw error;
      await this.once.giveUp(text.key, `provider unavailable: ${error instanceof Error ? error.message : String(error)}`);
      outcome = 'refused';
    }
    if (outcome === 'not-begun') throw new Error('a follow-up text is always begun');
    if (outcome === 'refused') log.warn(context, 'text not sent: refused for good');
    // Announced once per key, so a run that died between sending and announcing is announced by its retry.
    if ((outcome === 'sent' || outcome === 'found-sent' || outcome === 'already-sent') && TO_REPORTER.includes(text.purpose)) {
      await reporterTexts.sent({ reportId: text.reportId, textKey: text.key, sentAt: clock.now() });
    }
    if (outcome === 'sent' || outcome === 'found-sent') {
      log.info({ ...context, found: outcome === 'found-sent' }, outcome === 'found-sent' ? 'text found sent by an interrupted run' : 'text sent');
    }
    return outcome;
  }
}

/** Event handlers hand texts to a job of their own (see TextJob), due at once. */
export class QueueText {
  constructor(private readonly ports: { scheduler: Pick<AlertScheduler, 'schedule'>; clock: Clock }) {}

  async queue(text: FollowUpText): Promise<void> {
    await this.ports.scheduler.schedule(textJob(text), this.ports.clock.now());
  }
}
