import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { SmsSender } from './ports/sms.js';
import type { ReportStatisticsRepository } from './ports/statistics.js';
import type { SentTextRepository, SmsOptOutRepository, TextPurpose } from './ports/stores.js';

export type FollowUpText = { key: string; purpose: TextPurpose; to: string; reportId: string; memberId?: string; body: string };

export type FollowUpTextOutcome = 'sent' | 'opted-out' | 'already-sent' | 'not-sent-again';

const TO_REPORTER: readonly TextPurpose[] = ['reporter-claimed', 'reporter-unclaimed', 'reporter-expired'];

/**
 * Sends a text that is not an alert at most once per key: nothing to a number that replied STOP; noted before it goes
 * to the provider, so a retry after a crash never texts twice (as alerts are). Texts to a reporter are counted in the
 * association statistics and charged to nobody.
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

  async execute(text: FollowUpText): Promise<FollowUpTextOutcome> {
    const { texts, optOuts, sms, statistics, clock, log } = this.ports;
    const context = { reportId: text.reportId, purpose: text.purpose, key: text.key };
    if (await optOuts.isOptedOut(text.to)) {
      log.info(context, 'text not sent: the number replied STOP');
      return 'opted-out';
    }
    const { body, ...noted } = text;
    const begun = await texts.beginSending({ ...noted, startedAt: clock.now() });
    if (begun === 'sent') return 'already-sent';
    if (begun === 'new') {
      try {
        await sms.send({ to: text.to, body, idempotencyKey: text.key });
      } catch (error) {
        await texts.abandonSending(text.key).catch((abandonError: unknown) => log.warn({ ...context, err: abandonError }, 'text send not forgotten; the retry will not text'));
        throw error;
      }
    } else {
      log.warn(context, 'text not sent again: an earlier run stopped before recording it');
    }
    await texts.markSent(text.key, clock.now());
    if (TO_REPORTER.includes(text.purpose)) await statistics.reporterTexted({ reportId: text.reportId, textKey: text.key });
    log.info(context, 'text sent');
    return begun === 'new' ? 'sent' : 'not-sent-again';
  }
}
