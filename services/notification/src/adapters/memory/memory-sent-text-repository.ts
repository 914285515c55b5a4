import type { SentText, SentTextRepository } from '../../app/ports/stores.js';

/** Sent texts in a map; each change checks and writes in one synchronous step, as the unique key does in MongoDB. */
export class MemorySentTextRepository implements SentTextRepository {
  private readonly texts = new Map<string, SentText>();

  async beginSending(text: Omit<SentText, 'state' | 'sentAt'>): Promise<'new' | 'sending' | 'sent'> {
    const existing = this.texts.get(text.key);
    if (existing) return existing.state;
    this.texts.set(text.key, { ...text, state: 'sending' });
    return 'new';
  }

  async abandonSending(key: string): Promise<void> {
    if (this.texts.get(key)?.state === 'sending') this.texts.delete(key);
  }

  async markSent(key: string, sentAt: Date): Promise<void> {
    const text = this.texts.get(key);
    if (text && text.state === 'sending') this.texts.set(key, { ...text, state: 'sent', sentAt });
  }

  async latestOutcomePrompt(memberId: string): Promise<SentText | undefined> {
    let latest: SentText | undefined;
    for (const text of this.texts.values()) {
      if (text.purpose !== 'outcome-prompt' || text.memberId !== memberId) continue;
      if (!latest || text.startedAt.getTime() > latest.startedAt.getTime()) latest = text;
    }
    return latest && { ...latest };
  }
}
