import { MemberChangedEvent, MemberDeletedEvent, type OutboxMessage } from '@swarm/runtime';
import type { MemberChanged, MemberDeleted } from '../../domain/member-events.js';

/** Turns the domain's member events into the protobuf messages other services read, ready for the outbox. */
export function toOutboxMessage(event: MemberChanged | MemberDeleted, createdAt: Date): OutboxMessage {
  if (event.kind === 'member.deleted') return { ...MemberDeletedEvent.toMessage(event.eventId, { memberId: event.memberId }), createdAt };
  return { ...MemberChangedEvent.toMessage(event.eventId, { memberId: event.memberId, version: event.version }), createdAt };
}
