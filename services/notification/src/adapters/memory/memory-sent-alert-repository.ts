import type { MemoryOutbox } from '@swarm/runtime';
import type { SentAlertRepository } from '../../app/ports/stores.js';
import type { AlertSent, SentAlert } from '../../domain/sent-alert.js';
import { toOutboxMessage } from '../events/alert-event-codec.js';

/**
 * Sent alerts in a map. Every change checks and writes in one synchronous step (no await in between), so concurrent
 * calls for one key behave as the unique key makes them in MongoDB, and the event goes to the outbox in that step.
 */
export class MemorySentAlertRepository implements SentAlertRepository {
  private readonly alerts = new Map<string, SentAlert>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

  async beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId'>): Promise<'new' | 'sending' | 'sent'> {
    const existing = this.alerts.get(alert.sendKey);
    if (existing) return existing.state;
    this.alerts.set(alert.sendKey, { ...alert, state: 'sending' });
    return 'new';
  }

  async abandonSending(sendKey: string): Promise<void> {
    if (this.alerts.get(sendKey)?.state === 'sending') this.alerts.delete(sendKey);
  }

  async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'> {
    const existing = this.alerts.get(alert.sendKey);
    if (existing?.state === 'sent') return 'already-recorded';
    this.alerts.set(alert.sendKey, { ...alert, startedAt: existing?.startedAt ?? alert.startedAt });
    this.outbox.append([toOutboxMessage(event)]);
    this.onEventsStored();
    return 'recorded';
  }

  async findForMember(reportId: string, memberId: string): Promise<SentAlert[]> {
    return [...this.alerts.values()].filter((alert) => alert.reportId === reportId && alert.memberId === memberId).map((alert) => structuredClone(alert));
  }

  async find(sendKey: string): Promise<SentAlert | undefined> {
    const alert = this.alerts.get(sendKey);
    return alert && structuredClone(alert);
  }
}
