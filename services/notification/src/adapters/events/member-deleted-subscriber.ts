import { MemberDeletedEvent, subscribeTo, type EventBus, type Subscription } from '@swarm/runtime';
import type { ForgetDeletedMember } from '../../app/forget-deleted-member.js';
import { NOTIFICATION_CONSUMER } from './report-submitted-subscriber.js';

/** Erases the copy of a member's alert settings when the member deletes their account. */
export function subscribeToMemberDeletions(bus: EventBus, forget: ForgetDeletedMember): Promise<Subscription> {
  return subscribeTo(bus, NOTIFICATION_CONSUMER, MemberDeletedEvent, async (event) => {
    // Without an id there is nothing to erase; acknowledged rather than redelivered for ever.
    if (!event.memberId) return;
    await forget.execute({ memberId: event.memberId });
  });
}
