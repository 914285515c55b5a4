import type { InboundSmsRecord, InboundSmsRepository } from '../../app/ports/inbound.js';

type Stored = InboundSmsRecord & { reply?: string; wrongCode: boolean };

/** Bounded: the oldest messages are forgotten first, as a TTL index would drop them. */
export class MemoryInboundSmsRepository implements InboundSmsRepository {
  private readonly messages = new Map<string, Stored>();

  constructor(private readonly capacity = 10_000) {}

  async recordIfAbsent(message: InboundSmsRecord): Promise<{ kind: 'recorded' } | { kind: 'duplicate'; reply: string | undefined }> {
    // No await before the write: the check and the insert happen in one turn, as a unique _id makes them in MongoDB.
    const existing = this.messages.get(message.messageSid);
    if (existing) return { kind: 'duplicate', reply: existing.reply };
    this.messages.set(message.messageSid, { ...message, wrongCode: false });
    if (this.messages.size > this.capacity) {
      const oldest = this.messages.keys().next().value;
      if (oldest !== undefined) this.messages.delete(oldest);
    }
    return { kind: 'recorded' };
  }

  async saveOutcome(messageSid: string, outcome: { reply: string; wrongCode: boolean }): Promise<void> {
    const stored = this.messages.get(messageSid);
    if (stored) Object.assign(stored, outcome);
  }

  async release(messageSid: string): Promise<void> {
    if (this.messages.get(messageSid)?.reply === undefined) this.messages.delete(messageSid);
  }

  async countWrongCodesSince(from: string, since: Date): Promise<number> {
    let count = 0;
    for (const message of this.messages.values()) {
      if (message.from === from && message.wrongCode && message.receivedAt.getTime() >= since.getTime()) count += 1;
    }
    return count;
  }
}
