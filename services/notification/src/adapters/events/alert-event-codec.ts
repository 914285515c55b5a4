import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AlertSentEvent, type OutboxMessage } from '@swarm/runtime';
import type { AlertSent } from '../../domain/sent-alert.js';

/** Turns the domain's AlertSent into the protobuf message other services read, ready for the outbox. */
export function toOutboxMessage(event: AlertSent): OutboxMessage {
  return {
    ...AlertSentEvent.toMessage(event.eventId, {
      reportId: event.reportId,
      memberId: event.memberId,
      companyId: event.companyId,
      companyName: event.companyName,
      distanceMiles: event.distanceMiles,
      sentAt: timestampFromDate(event.sentAt),
    }),
    createdAt: event.sentAt,
  };
}
