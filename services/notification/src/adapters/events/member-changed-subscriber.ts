import { MemberChangedEvent, subscribeTo, type EventBus, type Subscription } from '@swarm/runtime';
import type { FollowMemberChanges } from '../../app/follow-member-changes.js';
import { NOTIFICATION_CONSUMER } from './report-submitted-subscriber.js';

/** Subscribes the copy of members' alert settings to member.changed. */
export function subscribeToMemberChanges(bus: EventBus, follow: FollowMemberChanges): Promise<Subscription> {
  return subscribeTo(bus, NOTIFICATION_CONSUMER, MemberChangedEvent, async (event) => {
    if (!event.memberId) throw new Error('member.changed without a member id');
    await follow.execute({ memberId: event.memberId, version: event.version });
  });
}
