import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AlertSentEvent, type EventBus } from '@swarm/runtime';
import type { AlertEvents } from '../../app/ports.js';

/**
 * Publishes AlertSent straight to the bus: its id is the alert's send key, so the bus drops a repeat; the SMS it
 * follows cannot be taken back anyway, so an outbox would add no guarantee worth its cost here.
 */
export class BusAlertEvents implements AlertEvents {
  constructor(private readonly bus: EventBus) {}

  async alertSent(event: { eventId: string; reportId: string; memberId: string; companyId: string; sentAt: Date }): Promise<void> {
    const { eventId, sentAt, ...fields } = event;
    await this.bus.publish(AlertSentEvent.toMessage(eventId, { ...fields, sentAt: timestampFromDate(sentAt) }));
  }
}
