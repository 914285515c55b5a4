import { randomUUID } from 'node:crypto';
import type { SmtpMessage } from './smtp-mailer.js';

/** One message the product would have sent; 'email' today, other channels (SMS) join with their own. */
export type OutboxEntry = {
  id: string;
  channel: 'email';
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
};

const DEFAULT_CAPACITY = 200;

/**
 * Emails kept in memory instead of being sent, newest first, so the embedded default works without any provider
 * account: the operator reads them at /dev/outbox. One outbox serves every part of the embedded product (login links,
 * the bad-report email, low-balance notices). Only the most recent ones are kept.
 */
export class DevOutbox {
  private readonly entries: OutboxEntry[] = [];

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  add(entry: Omit<OutboxEntry, 'id' | 'sentAt'>): OutboxEntry {
    const stored: OutboxEntry = { ...entry, id: randomUUID(), sentAt: new Date().toISOString() };
    this.entries.unshift(stored);
    this.entries.splice(this.capacity);
    return stored;
  }

  list(): OutboxEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}

/** A mailer into the dev outbox; it fits every service's own Mailer port, as SmtpMailer does. */
export class DevOutboxMailer {
  constructor(private readonly outbox: DevOutbox) {}

  async send(message: SmtpMessage): Promise<void> {
    this.outbox.add({ channel: 'email', html: '', ...message });
  }
}
