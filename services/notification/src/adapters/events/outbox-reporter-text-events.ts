import type { OutboxMessage } from '@swarm/runtime';
import type { ReporterTextEvents } from '../../app/ports/stores.js';
import { reporterTextSentMessage } from './reporter-text-event-codec.js';

/**
 * ReporterTextSent into the outbox, keyed by the text's send key: appending it again (a retried job) changes nothing.
 * The relay is woken after each append.
 */
export class OutboxReporterTextEvents implements ReporterTextEvents {
  constructor(
    private readonly appendIfAbsent: (messages: OutboxMessage[]) => Promise<void> | void,
    private readonly notifyRelay: () => void,
  ) {}

  async sent(text: { reportId: string; textKey: string; sentAt: Date }): Promise<void> {
    await this.appendIfAbsent([reporterTextSentMessage(text)]);
    this.notifyRelay();
  }
}
