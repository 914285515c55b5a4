import { inSpan, type Metrics } from '@swarm/runtime';
import type { SmsMessage, SmsSender } from '../../app/ports/sms.js';
import type { SendPacer } from '../pacing/send-pacer.js';
import { alertJobCreatedAt } from './alert-job-context.js';

/**
 * Counts the SMS the provider accepted and refused, and times each alert SMS from its job's creation. While spans are
 * exported, each send is a span of its job's trace: the end of a report's path from its submission to the keeper's phone.
 */
export class MeteredSmsSender implements SmsSender {
  constructor(
    private readonly sender: SmsSender,
    private readonly metrics: Metrics,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: SmsMessage, handOver?: () => Promise<void>): Promise<{ providerId: string }> {
    let sent: { providerId: string };
    try {
      sent = await inSpan({ name: 'send sms', kind: 'client' }, () => this.sender.send(message, handOver));
    } catch (error) {
      this.metrics.smsFailed.inc();
      throw error;
    }
    this.metrics.smsSent.inc();
    const createdAt = alertJobCreatedAt();
    if (createdAt) this.metrics.alertLatency.observe(Math.max(0, (this.now() - createdAt.getTime()) / 1_000));
    return sent;
  }

  findSent(message: Parameters<SmsSender['findSent']>[0]): Promise<{ providerId: string } | undefined> {
    return this.sender.findSent(message);
  }
}

/** Counts the sends that had to wait for their sender's pace, and how long they waited. */
export class MeteredSendPacer implements SendPacer {
  constructor(
    private readonly pacer: SendPacer,
    private readonly metrics: Metrics,
  ) {}

  async reserveSlot(sender: string, intervalMs: number): Promise<{ waitMs: number }> {
    const slot = await this.pacer.reserveSlot(sender, intervalMs);
    if (slot.waitMs > 0) {
      this.metrics.smsPaced.inc();
      this.metrics.smsPaceWait.inc(slot.waitMs / 1_000);
    }
    return slot;
  }
}
