import type { MemberReaches } from './member-reaches.js';

/**
 * Keeps the copy of members' reach current from the member service's events: member.changed names the member and its
 * version only, so the current reach is read when the version is newer than the copy's; member.deleted erases it.
 * Both are idempotent: a redelivered event asks nothing or erases again.
 */
export class FollowMemberReach {
  constructor(private readonly ports: { reaches: MemberReaches }) {}

  changed(event: { memberId: string; version: number }): Promise<void> {
    return this.ports.reaches.refresh(event.memberId, event.version);
  }

  deleted(event: { memberId: string }): Promise<void> {
    return this.ports.reaches.erase(event.memberId);
  }
}
