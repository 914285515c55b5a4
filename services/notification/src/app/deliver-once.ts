import type { Clock } from './ports/clock-and-log.js';
import type { SentText, SentTextRepository } from './ports/stores.js';

/** What one attempt at the channel answered; a thrown error is a failure worth retrying (the message stays begun). */
export type ChannelAnswer =
  | { kind: 'sent'; providerId: string; found?: boolean }
  /** The channel will never take it (an invalid number, a refused address, a dead subscription). */
  | { kind: 'refused'; reason: string };

/** 'in-progress': another run of the same message noted it a moment ago and is sending it. */
export type DeliveryOutcome = 'sent' | 'found-sent' | 'already-sent' | 'refused' | 'not-begun' | 'in-progress';

/** The outcome, with what the record of the message holds: the provider's id once sent, the reason once refused. */
export type Delivery = { outcome: DeliveryOutcome; providerId?: string; failedReason?: string };

/**
 * One message on one channel, sent once per key across every attempt of its job: noted before it goes, recorded as sent
 * (with the provider's id) or as refused after. A later attempt that finds the note of an interrupted one passes
 * `interrupted` to the channel, which finds out whether the message went before sending it again (see deliverSms).
 */
export class DeliverOnce {
  constructor(private readonly ports: { texts: SentTextRepository; clock: Clock }) {}

  /**
   * `send` hands the message to the channel. With `beginNew: false` only a message already begun is finished (a
   * resumed alert whose report is gone starts nothing new): a message never begun answers 'not-begun'.
   */
  async execute(
    message: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'startedAt'>,
    send: (interrupted: { startedAt: Date } | undefined) => Promise<ChannelAnswer>,
    options: { beginNew?: boolean } = {},
  ): Promise<DeliveryOutcome> {
    return (await this.deliver(message, send, options)).outcome;
  }

  /** As execute, answering also the provider's id or the refusal's reason, so the caller reads no record back. */
  async deliver(
    message: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'startedAt'>,
    send: (interrupted: { startedAt: Date } | undefined) => Promise<ChannelAnswer>,
    options: { beginNew?: boolean } = {},
  ): Promise<Delivery> {
    const { texts, clock } = this.ports;
    const earlier = await texts.find(message.key);
    const recorded = async (outcome: DeliveryOutcome): Promise<Delivery> => {
      // A concurrent run settled it: its record says how.
      const record = earlier ?? (await texts.find(message.key));
      return { outcome, ...(record?.providerId ? { providerId: record.providerId } : {}), ...(record?.failedReason ? { failedReason: record.failedReason } : {}) };
    };
    if (earlier?.state === 'sent') return recorded('already-sent');
    if (earlier?.state === 'failed') return recorded('refused');
    if (!earlier) {
      if (options.beginNew === false) return { outcome: 'not-begun' };
      const begun = await texts.beginSending({ ...message, startedAt: clock.now() });
      if (begun === 'sent') return recorded('already-sent');
      if (begun === 'failed') return recorded('refused');
      if (begun === 'sending') return { outcome: 'in-progress' };
    }
    const answer = await send(earlier ? { startedAt: earlier.startedAt } : undefined);
    if (answer.kind === 'refused') {
      await texts.markFailed(message.key, answer.reason);
      return { outcome: 'refused', failedReason: answer.reason };
    }
    await texts.markSent(message.key, { sentAt: clock.now(), providerId: answer.providerId });
    return { outcome: answer.found ? 'found-sent' : 'sent', providerId: answer.providerId };
  }

  /** Gives up a begun message for good (the job's last attempt could not hand it over). */
  async giveUp(key: string, reason: string): Promise<void> {
    await this.ports.texts.markFailed(key, reason);
  }
}
