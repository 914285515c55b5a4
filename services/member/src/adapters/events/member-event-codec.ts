import { MemberChangedEvent, type OutboxMessage } from '@swarm/runtime';
import type { MemberChanged } from '../../domain/member-events.js';

/** Turns the domain's MemberChanged into the protobuf message other services read, ready for the outbox. */
export function toOutboxMessage(event: MemberChanged, createdAt: Date): OutboxMessage {
  return { ...MemberChangedEvent.toMessage(event.eventId, { memberId: event.memberId, version: event.version }), createdAt };
}
