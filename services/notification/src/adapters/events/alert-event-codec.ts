import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AlertSentEvent, type OutboxMessage } from '@swarm/runtime';
import type { AlertSent } from '../../domain/sent-alert.js';
import { toProtoChannel } from '../rpc/channel-mapping.js';

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
      sendKey: event.sendKey,
      costCents: event.costCents,
      channels: event.channels.map(toProtoChannel),
      smsPriceCents: event.smsPriceCents,
    }),
    createdAt: event.sentAt,
  };
}
