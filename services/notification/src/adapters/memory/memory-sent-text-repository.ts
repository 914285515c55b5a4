import type { ClaimOutcome, SentText, SentTextRepository } from '../../app/ports/stores.js';

/** Sent texts in a map; each change checks and writes in one synchronous step, as the unique key does in MongoDB. */
export class MemorySentTextRepository implements SentTextRepository {
  private readonly texts = new Map<string, SentText>();

  async beginSending(text: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason'>): Promise<'new' | 'sending' | 'sent' | 'failed'> {
    const existing = this.texts.get(text.key);
    if (existing) return existing.state;
    this.texts.set(text.key, { ...text, state: 'sending' });
    return 'new';
  }

  async find(key: string): Promise<SentText | undefined> {
    const text = this.texts.get(key);
    return text && { ...text };
  }

  async claimInterrupted(key: string, claim: { owner: string; at: Date; staleBefore: Date }): Promise<ClaimOutcome> {
    const text = this.texts.get(key);
    if (!text) return { outcome: 'missing' };
    if (text.state !== 'sending') return { outcome: text.state };
    const leaseAt = text.leaseAt ?? text.startedAt;
    if (leaseAt.getTime() > claim.staleBefore.getTime()) return { outcome: 'held', leaseAt };
    this.texts.set(key, { ...text, owner: claim.owner, leaseAt: claim.at });
    return { outcome: 'claimed' };
  }

  async renewLease(key: string, owner: string, at: Date): Promise<boolean> {
    const text = this.texts.get(key);
    if (text?.state !== 'sending' || text.owner !== owner) return false;
    this.texts.set(key, { ...text, leaseAt: at });
    return true;
  }

  async releaseLease(key: string, owner: string): Promise<void> {
    const text = this.texts.get(key);
    if (text?.state === 'sending' && text.owner === owner) this.texts.set(key, { ...text, leaseAt: new Date(0) });
  }

  async markSent(key: string, sent: { sentAt: Date; providerId?: string }): Promise<void> {
    const text = this.texts.get(key);
    if (text?.state === 'sending') this.texts.set(key, { ...text, state: 'sent', ...sent });
  }

  async markFailed(key: string, reason: string): Promise<void> {
    const text = this.texts.get(key);
    if (text?.state === 'sending') this.texts.set(key, { ...text, state: 'failed', failedReason: reason });
  }

  async latestOutcomePrompt(memberId: string): Promise<SentText | undefined> {
    let latest: SentText | undefined;
    for (const text of this.texts.values()) {
      if (text.purpose !== 'outcome-prompt' || text.memberId !== memberId || text.state === 'failed') continue;
      if (!latest || text.startedAt.getTime() > latest.startedAt.getTime()) latest = text;
    }
    return latest && { ...latest };
  }

  async eraseDestinationsOf(memberId: string): Promise<void> {
    for (const [key, text] of this.texts) if (text.memberId === memberId) this.texts.set(key, { ...text, to: '' });
  }

  async eraseReporterDestinations(reportId: string): Promise<void> {
    for (const [key, text] of this.texts) if (text.reportId === reportId && text.memberId === undefined) this.texts.set(key, { ...text, to: '' });
  }
}
