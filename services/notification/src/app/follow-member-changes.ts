import type { MemberSettings } from './member-settings.js';
import type { DispatchLog } from './ports/clock-and-log.js';

/**
 * Keeps the copy of a member's alert settings current on member.changed: when the announced version is newer than
 * the copy's, the current settings are read from the member service. A late or repeated event asks nothing.
 */
export class FollowMemberChanges {
  constructor(private readonly ports: { members: MemberSettings; log: DispatchLog }) {}

  async execute(event: { memberId: string; version: number }): Promise<void> {
    const refreshed = await this.ports.members.refresh(event.memberId, event.version);
    if (refreshed) this.ports.log.info({ memberId: event.memberId, version: event.version }, 'member alert settings refreshed');
  }
}
