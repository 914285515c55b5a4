import type { InboundSmsRecord, InboundSmsRepository } from '../../app/ports/inbound.js';
import { sendersOf } from '../../domain/inbound-sms.js';

type Stored = InboundSmsRecord & { reply?: string; wrongCode: boolean };

/**
 * Bounded: the oldest messages are forgotten first, as a TTL index would drop them. Messages are also filed by sender,
 * so counting one sender's wrong codes looks at that sender's messages only.
 */
export class MemoryInboundSmsRepository implements InboundSmsRepository {
  private readonly messages = new Map<string, Stored>();
  private readonly sidsBySender = new Map<string, Set<string>>();

  constructor(private readonly capacity = 10_000) {}

  async recordIfAbsent(message: InboundSmsRecord): Promise<{ kind: 'recorded' } | { kind: 'duplicate'; reply: string | undefined }> {
    // No await before the write: the check and the insert happen in one turn, as a unique _id makes them in MongoDB.
    const existing = this.messages.get(message.messageSid);
    if (existing) return { kind: 'duplicate', reply: existing.reply };
    this.messages.set(message.messageSid, { ...message, wrongCode: false });
    const fromSender = this.sidsBySender.get(message.from);
    if (fromSender) fromSender.add(message.messageSid);
    else this.sidsBySender.set(message.from, new Set([message.messageSid]));
    if (this.messages.size > this.capacity) {
      const oldest = this.messages.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    return { kind: 'recorded' };
  }

  async saveOutcome(messageSid: string, outcome: { reply: string; wrongCode: boolean }): Promise<void> {
    const stored = this.messages.get(messageSid);
    if (stored) Object.assign(stored, outcome);
  }

  async release(messageSid: string): Promise<void> {
    if (this.messages.get(messageSid)?.reply === undefined) this.forget(messageSid);
  }

  async countWrongCodesSince(from: string, since: Date): Promise<number> {
    let count = 0;
    for (const messageSid of this.sidsBySender.get(from) ?? []) {
      const message = this.messages.get(messageSid)!;
      if (message.wrongCode && message.receivedAt.getTime() >= since.getTime()) count += 1;
    }
    return count;
  }

  async eraseSender(phoneNumber: string): Promise<void> {
    for (const from of sendersOf(phoneNumber)) {
      for (const messageSid of this.sidsBySender.get(from) ?? []) {
        const message = this.messages.get(messageSid);
        if (message) message.from = '';
      }
      this.sidsBySender.delete(from);
    }
  }

  private forget(messageSid: string): void {
    const message = this.messages.get(messageSid);
    if (!message) return;
    this.messages.delete(messageSid);
    const fromSender = this.sidsBySender.get(message.from);
    fromSender?.delete(messageSid);
    if (fromSender?.size === 0) this.sidsBySender.delete(message.from);
  }
}

