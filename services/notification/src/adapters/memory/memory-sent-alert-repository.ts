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
  /** The send keys of each report and member, as MongoDB's (reportId, memberId) index finds them. */
  private readonly sendKeysOf = new Map<string, Set<string>>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

  async beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'failedAt'>): Promise<'new' | 'sending' | 'sent' | 'failed'> {
    const existing = this.alerts.get(alert.sendKey);
    if (existing) return existing.state;
    this.alerts.set(alert.sendKey, { ...alert, state: 'sending' });
    this.index(alert);
    return 'new';
  }

  async abandonSending(sendKey: string): Promise<void> {
    const alert = this.alerts.get(sendKey);
    if (alert?.state !== 'sending') return;
    this.alerts.delete(sendKey);
    this.sendKeysOf.get(reportAndMember(alert))?.delete(sendKey);
  }

  async recordFailed(sendKey: string, failure: { reason: string; failedAt: Date }): Promise<void> {
    const alert = this.alerts.get(sendKey);
    if (alert?.state === 'sending') this.alerts.set(sendKey, { ...alert, state: 'failed', failedReason: failure.reason, failedAt: failure.failedAt });
  }

  async recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'> {
    const existing = this.alerts.get(alert.sendKey);
    if (existing && existing.state !== 'sending') return 'already-recorded';
    this.alerts.set(alert.sendKey, { ...alert, startedAt: existing?.startedAt ?? alert.startedAt });
    this.index(alert);
    this.outbox.append([toOutboxMessage(event)]);
    this.onEventsStored();
    return 'recorded';
  }

  async listSentToMember(memberId: string, limit: number): Promise<SentAlert[]> {
    return [...this.alerts.values()]
      .filter((alert) => alert.memberId === memberId && alert.state === 'sent')
      .sort((left, right) => right.startedAt.getTime() - left.startedAt.getTime())
      .slice(0, limit)
      .map((alert) => structuredClone(alert));
  }

  async findForMember(reportId: string, memberId: string): Promise<SentAlert[]> {
    const sendKeys = this.sendKeysOf.get(reportAndMember({ reportId, memberId })) ?? [];
    return [...sendKeys].flatMap((sendKey) => {
      const alert = this.alerts.get(sendKey);
      return alert ? [structuredClone(alert)] : [];
    });
  }

  async find(sendKey: string): Promise<SentAlert | undefined> {
    const alert = this.alerts.get(sendKey);
    return alert && structuredClone(alert);
  }

  private index(alert: Pick<SentAlert, 'sendKey' | 'reportId' | 'memberId'>): void {
    const key = reportAndMember(alert);
    const sendKeys = this.sendKeysOf.get(key) ?? new Set<string>();
    sendKeys.add(alert.sendKey);
    this.sendKeysOf.set(key, sendKeys);
  }
}

const reportAndMember = (alert: Pick<SentAlert, 'reportId' | 'memberId'>) => `${alert.reportId}\u0000${alert.memberId}`;
