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
 * How long a run owns a message it began (or took over) before another run may take it over: longer than any hand-over
 * to a channel takes (the Twilio adapter gives up its call after half of it), so a run that takes a message over finds
 * the previous owner either settled or done with the channel.
 */
export const DEFAULT_SEND_LEASE_MS = 60_000;

/** Thrown by a hand-over whose run lost the message to another run, which owns it now: this run sends nothing. */
export class SendTakenOverError extends Error {
  constructor(readonly key: string) {
    super(`another run took over the message ${key}`);
    this.name = 'SendTakenOverError';
  }
}

/**
 * Called by a channel right before it hands the message over (after any pacing): renews this run's lease, or throws
 * SendTakenOverError when another run took the message over meanwhile.
 */
export type HandOver = () => Promise<void>;

/**
 * One message on one channel, sent once per key across every attempt of its job: noted before it goes, recorded as sent
 * (with the provider's id) or as refused after. Each run that may send it owns it under a lease, renewed right before
 * the hand-over; a later run that finds the note of an unsettled one waits until that lease lapsed, takes the message
 * over (only one run can), and passes `interrupted` to the channel, which finds out whether the message went before
 * sending it again (see deliverSms). So a run that is still alive (a job taken back from a worker that was only slow)
 * never sends beside it.
 */
export class DeliverOnce {
  private readonly leaseMs: number;
  private readonly wait: (ms: number) => Promise<void>;

  constructor(
    private readonly ports: {
      texts: SentTextRepository;
      clock: Clock;
      /** DEFAULT_SEND_LEASE_MS unless configured (SEND_LEASE_MS). */
      sendLeaseMs?: number | undefined;
      wait?: (ms: number) => Promise<void>;
      newOwnerId?: () => string;
    },
  ) {
    this.leaseMs = ports.sendLeaseMs ?? DEFAULT_SEND_LEASE_MS;
    this.wait = ports.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * `send` hands the message to the channel. With `beginNew: false` only a message already begun is finished (a
   * resumed alert whose report is gone starts nothing new): a message never begun answers 'not-begun'.
   */
  async execute(
    message: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'startedAt' | 'owner' | 'leaseAt'>,
    send: (interrupted: { startedAt: Date } | undefined, handOver: HandOver) => Promise<ChannelAnswer>,
    options: { beginNew?: boolean } = {},
  ): Promise<DeliveryOutcome> {
    return (await this.deliver(message, send, options)).outcome;
  }

  /** As execute, answering also the provider's id or the refusal's reason, so the caller reads no record back. */
  async deliver(
    message: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'startedAt' | 'owner' | 'leaseAt'>,
    send: (interrupted: { startedAt: Date } | undefined, handOver: HandOver) => Promise<ChannelAnswer>,
    options: { beginNew?: boolean } = {},
  ): Promise<Delivery> {
    const { texts, clock } = this.ports;
    const earlier = await texts.find(message.key);
    const recorded = async (outcome: DeliveryOutcome): Promise<Delivery> => {
      // Another run settled it: its record says how.
      const record = await texts.find(message.key);
      return { outcome, ...(record?.providerId ? { providerId: record.providerId } : {}), ...(record?.failedReason ? { failedReason: record.failedReason } : {}) };
    };
    if (earlier?.state === 'sent') return recorded('already-sent');
    if (earlier?.state === 'failed') return recorded('refused');
    const owner = this.ports.newOwnerId?.() ?? globalThis.crypto.randomUUID();
    let interrupted: { startedAt: Date } | undefined;
    if (!earlier) {
      if (options.beginNew === false) return { outcome: 'not-begun' };
      const now = clock.now();
      const begun = await texts.beginSending({ ...message, startedAt: now, owner, leaseAt: now });
      if (begun === 'sent') return recorded('already-sent');
      if (begun === 'failed') return recorded('refused');
      if (begun === 'sending') return { outcome: 'in-progress' };
    } else {
      const claim = await this.takeOver(message.key, owner);
      if (claim === 'sent') return recorded('already-sent');
      if (claim === 'failed') return recorded('refused');
      interrupted = { startedAt: earlier.startedAt };
    }
    const handOver: HandOver = async () => {
      if (!(await texts.renewLease(message.key, owner, clock.now()))) throw new SendTakenOverError(message.key);
    };
    let answer: ChannelAnswer;
    try {
      await handOver();
      answer = await send(interrupted, handOver);
    } catch (error) {
      // The hand-over failed and is over (an answer lost, the provider down): the next attempt need not wait out the
      // lease to look the message up. Only a run that died or stalls holds it for the whole lease.
      if (!(error instanceof SendTakenOverError)) await texts.releaseLease(message.key, owner);
      throw error;
    }
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

  /**
   * Takes over a message an unsettled run began, once its lease lapsed: that run, if alive, has handed it over or
   * given up by then. Waits out the lease as often as its owner renews it (once per hand-over).
   */
  private async takeOver(key: string, owner: string): Promise<'claimed' | 'sent' | 'failed'> {
    for (;;) {
      const now = this.ports.clock.now();
      const claim = await this.ports.texts.claimInterrupted(key, { owner, at: now, staleBefore: new Date(now.getTime() - this.leaseMs) });
      if (claim.outcome !== 'held') {
        // Deleted by its retention (90 days): nothing is left to send.
        return claim.outcome === 'missing' ? 'failed' : claim.outcome;
      }
      await this.wait(Math.max(1, claim.leaseAt.getTime() + this.leaseMs - now.getTime() + 1));
    }
  }
}
