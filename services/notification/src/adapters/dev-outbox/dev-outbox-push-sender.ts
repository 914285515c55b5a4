import type { PushOptions, PushOutcome, PushRecipient, PushSender } from '../../app/ports/push.js';
import type { PushSubscription } from '../../domain/alert-channels.js';
import type { PushPayload } from '../../domain/push-payload.js';

export type KeptNotification = { endpoint: string; recipient: PushRecipient | undefined; payload: PushPayload; options: PushOptions; sentAt: Date };

/**
 * Keeps notifications in memory instead of sending them to a push service, so the embedded product shows them in the
 * dev outbox as the device would, with their Claim action. A message with the topic of one kept replaces it, as a
 * push service does with a message still waiting. Bounded so a long-running dev product does not grow without limit.
 */
export class DevOutboxPushSender implements PushSender {
  private readonly notifications: KeptNotification[] = [];

  constructor(private readonly options: { capacity?: number; now?: () => Date } = {}) {}

  async send(subscription: PushSubscription, payload: PushPayload, options: PushOptions, recipient?: PushRecipient): Promise<PushOutcome> {
    const replaced = options.topic === undefined ? -1 : this.notifications.findIndex((kept) => kept.endpoint === subscription.endpoint && kept.options.topic === options.topic);
    if (replaced >= 0) this.notifications.splice(replaced, 1);
    this.notifications.unshift({ endpoint: subscription.endpoint, recipient, payload: structuredClone(payload), options: { ...options }, sentAt: this.options.now?.() ?? new Date() });
    this.notifications.length = Math.min(this.notifications.length, this.options.capacity ?? 200);
    return { kind: 'accepted' };
  }

  /** Newest first. */
  list(): KeptNotification[] {
    return this.notifications.map((kept) => structuredClone(kept));
  }
}
