import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from '../../app/ports/sms.js';

export interface SentSms extends SmsMessage {
  providerId: string;
  sentAt: Date;
}

/**
 * Keeps sent SMS in memory instead of calling a provider, so local runs and the dev outbox page can show alerts.
 * Bounded so a long-running dev stack does not grow without limit.
 */
export class DevOutboxSmsSender implements SmsSender {
  private readonly messages: SentSms[] = [];

  constructor(
    private readonly options: { capacity?: number; now?: () => Date } = {},
  ) {}

  async send(message: SmsMessage, handOver?: () => Promise<void>): Promise<{ providerId: string }> {
    // Same key twice means a retried job: answer the first send, as a provider's idempotency would.
    const existing = this.messages.find((m) => m.idempotencyKey === message.idempotencyKey);
    if (existing) return { providerId: existing.providerId };
    await handOver?.();
    const sent: SentSms = {
      ...message,
      providerId: `dev-${randomUUID()}`,
      sentAt: this.options.now?.() ?? new Date(),
    };
    this.messages.unshift(sent);
    this.messages.length = Math.min(this.messages.length, this.options.capacity ?? 200);
    return { providerId: sent.providerId };
  }

  /** The outbox keeps each message's key, as a provider with idempotency keys would answer for it. */
  async findSent(message: SmsMessage): Promise<{ providerId: string } | undefined> {
    const sent = this.messages.find((m) => m.idempotencyKey === message.idempotencyKey);
    return sent && { providerId: sent.providerId };
  }

  /** Sent messages, newest first. */
  list(): SentSms[] {
    return this.messages.map((m) => ({ ...m }));
  }
}
