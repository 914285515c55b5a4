// Push messages to members' phones and browsers (Web Push), the notification channel beside SMS.
import type { PushPayload } from '../../domain/push-payload.js';
import type { PushSubscription } from '../../domain/alert-channels.js';

export type { PushSubscription };

/** RFC 8030 §5.3: how urgently the push service should wake the device (a phone on battery may hold 'low' back). */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushOptions = {
  /** How long the push service keeps the message for a device that is offline; 0 delivers now or never. */
  ttlSeconds: number;
  urgency: PushUrgency;
  /** A message with the same topic replaces one still waiting at the push service (at most 32 base64url characters). */
  topic?: string;
};

/**
 * What the push service answered. `gone` (404, 410): the subscription is dead and must be removed. `rejected` (any other
 * 4xx): the push service will never take this message, retrying does not help. A transient failure (5xx, 429, a
 * timeout, the network) is thrown instead, as a PushServiceUnavailable, so the job that sends is retried.
 */
export type PushOutcome = { kind: 'accepted' } | { kind: 'gone' } | { kind: 'rejected'; status: number; reason: string };

/** Whose device a message is for, as the dev outbox lists it (a push service is told nothing of it). */
export type PushRecipient = { memberId: string; deviceName: string };

export interface PushSender {
  send(subscription: PushSubscription, payload: PushPayload, options: PushOptions, recipient?: PushRecipient): Promise<PushOutcome>;
}

/** A failure worth retrying. `retryAfterSeconds` is the push service's Retry-After, when it gave one. */
export class PushServiceUnavailable extends Error {
  override readonly name = 'PushServiceUnavailable';

  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryAfterSeconds: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
