// Text messages leaving the product.

/** An outgoing SMS. `to` is the 10-digit national number; the key lets a provider adapter drop repeats. */
export interface SmsMessage {
  to: string;
  body: string;
  idempotencyKey: string;
}

/**
 * What a provider says of a message it will never take (an invalid or unreachable number, a number that opted out):
 * sending it again cannot succeed. Any other error may be transient, and the send is retried.
 */
export class SmsRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`the SMS provider refused the message: ${reason}`);
    this.name = 'SmsRefusedError';
  }
}

export interface SmsSender {
  /**
   * Hands the message to the provider; throws SmsRefusedError when it will never take it. `handOver` is called right
   * before the message leaves (after any pacing) and throws when this run may no longer send it (see DeliverOnce).
   */
  send(message: SmsMessage, handOver?: () => Promise<void>): Promise<{ providerId: string }>;
  /**
   * Whether the provider took this message (same key where the provider keeps keys; otherwise same number and text)
   * at or after `since`, leaving out the messages named in `excluding` (the same text sent earlier for another key).
   * Asked after a send was begun and its outcome never recorded (the process died, or the answer was lost), before
   * sending again.
   */
  findSent(message: SmsMessage & { since: Date; excluding?: readonly string[] }): Promise<{ providerId: string } | undefined>;
}
